import { useLingui } from '@lingui/react/macro';
import { explainedByFields } from '../../machines/shared/error-context';
import { errorMessage } from './error-message';

/**
 * The form's summary of what went wrong, read out when it appears; left out when the fields of
 * `fieldErrors` (those the form shows) already say it, so that no message stands twice.
 */
export function FormError({
  code,
  fieldErrors,
}: {
  code: string | null | undefined;
  fieldErrors?: Record<string, string[]>;
}) {
  const { i18n } = useLingui();
  if (!code || (fieldErrors && explainedByFields(code, fieldErrors))) return null;
  return (
    <p className="form-error" role="alert">
      {errorMessage(i18n, code)}
    </p>
  );
}
