import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorMessage } from './error-message';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: ReactNode;
  /** An error code (translated here), shown under the field and announced with it. */
  error?: string | null | undefined;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, name, label, error, ...input }: TextFieldProps) {
  const { i18n } = useLingui();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}

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
