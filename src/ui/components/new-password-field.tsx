import type { ReactNode } from 'react';
import { PasswordStrength } from './password-strength';
import { TextField } from './text-field';

/**
 * The field where someone chooses a password — registration, a reset, an invitation — with the
 * strength meter under it, measured against the address it is for.
 */
export function NewPasswordField({
  id,
  email,
  label,
  name,
  value,
  onChange,
  errorMessage,
}: {
  id: string;
  email: string;
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errorMessage?: string | undefined;
}) {
  return (
    <>
      <TextField
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        isRequired
        label={label}
        value={value}
        onChange={onChange}
        errorMessage={errorMessage}
      />
      <PasswordStrength password={value} email={email} />
    </>
  );
}
