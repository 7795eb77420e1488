import { Trans, useLingui } from '@lingui/react/macro';
import { NETWORK_UNREACHABLE, retryCannotHelp } from '../../../contract/errors';
import { errorMessage } from './error-message';

/**
 * A failed load in words, with the way to try again (PRODUCT.md §9: a translated failure with retry)
 * where trying again can help: not for a record that is gone or not the user's to see.
 */
export function RetryAlert({ code, onRetry }: { code: string | null; onRetry: () => void }) {
  const { i18n } = useLingui();
  const shown = code ?? NETWORK_UNREACHABLE;
  return (
    <div className="form-error" role="alert">
      <p>{errorMessage(i18n, shown)}</p>
      {!retryCannotHelp(shown) && (
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
