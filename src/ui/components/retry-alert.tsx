import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from './error-message';

/** A failed load in words, with the way to try again (PRODUCT.md §9: a translated failure with retry). */
export function RetryAlert({ code, onRetry }: { code: string | null; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="form-error" role="alert">
      <p>{errorMessage(i18n, code ?? 'network.unreachable')}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
