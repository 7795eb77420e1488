import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
} from '../../../contract/account';
import { formMachine } from '../shared/form.machine';

// The account's one-call forms, each checked with its request's contract schema. The calls are the
// `submit` actors account-actors.ts provides.

/** Account settings: the current and a new password; on success both fields are emptied. */
export const changePasswordForm = formMachine(
  'changePassword',
  ChangePasswordSchema,
  { currentPassword: '', newPassword: '' },
  { clearOnDone: true },
);

/** Account settings: deleting the account with the current password (the screen asks first). */
export const deleteAccountForm = formMachine('deleteAccount', DeleteAccountSchema, { password: '' });

/** forgot-password: the address a reset link goes to. */
export const passwordResetRequestForm = formMachine('passwordResetRequest', PasswordResetRequestSchema, {
  email: '',
});

/**
 * user/reset-password/{token}: the new password for the address the link names (input values
 * `email`, fixed `token` and `language`).
 */
export const passwordResetForm = formMachine('passwordReset', PasswordResetSchema, {
  email: '',
  password: '',
});
