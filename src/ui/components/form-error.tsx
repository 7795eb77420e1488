import { useLingui } from '@lingui/react/macro';
import { errorMessage } from './error-message';

/** The form's summary of what went wrong, read out when it appears. */
export function FormError({ code }: { code: string | null | undefined }) {
  const { i18n } = useLingui();
  if (!code) return null;
  return (
    <p className="form-error" role="alert">
      {errorMessage(i18n, code)}
    </p>
  );
}
