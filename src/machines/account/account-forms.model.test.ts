import { describeFormTables, type FormSpec } from '../../../tests/support/form-table';
import type * as AccountForms from './account-forms.machine';

// Each form's expectation, by hand: what it starts with, what the user types, the codes the
// contract's schemas give, what each call receives. The table (tests/support/form-table.ts) says
// what every form does with them.

const OLD = 'Altes-Passwort-1';
const NEW = 'Leuchtturm-Seemöwe-77';
const EMAIL = 'luna@matchwerk.example';
const emptyPassword = ['password.required', 'password.too_short'];
const weak = { code: 'request.invalid', fields: { newPassword: ['password.weak'] } };

/** Each form's id, by hand: what a form left without its call names in the error. */
const ids: Record<keyof typeof AccountForms, string> = {
  changePasswordForm: 'changePassword',
  deleteAccountForm: 'deleteAccount',
  passwordResetRequestForm: 'passwordResetRequest',
  passwordResetForm: 'passwordReset',
};

const specs: Record<keyof typeof AccountForms, FormSpec> = {
  // The passwords are emptied after a success: none stays on screen.
  changePasswordForm: {
    input: {},
    initial: { currentPassword: '', newPassword: '' },
    filled: { currentPassword: OLD, newPassword: NEW },
    initialErrors: { currentPassword: ['password.required'], newPassword: emptyPassword },
    payload: { currentPassword: OLD, newPassword: NEW },
    afterDone: { currentPassword: '', newPassword: '' },
    rejected: { thrown: weak, fieldErrors: weak.fields },
    failed: { thrown: { code: 'password.wrong_current' }, error: 'password.wrong_current' },
    // A field the new values leave out starts empty.
    load: { values: { currentPassword: OLD }, shown: { currentPassword: OLD, newPassword: '' } },
  },
  deleteAccountForm: {
    input: {},
    initial: { password: '' },
    filled: { password: OLD },
    initialErrors: { password: ['password.required'] },
    payload: { password: OLD },
    afterDone: { password: OLD },
    rejected: {
      thrown: { code: 'request.invalid', fields: { password: ['password.too_long'] } },
      fieldErrors: { password: ['password.too_long'] },
    },
    // Offline: the account is not deleted, and the form says why.
    failed: { thrown: new TypeError('Failed to fetch'), error: 'network.unreachable' },
    load: { values: {}, shown: { password: '' } },
  },
  passwordResetRequestForm: {
    input: {},
    initial: { email: '' },
    filled: { email: EMAIL },
    initialErrors: { email: ['email.required', 'email.invalid'] },
    payload: { email: EMAIL },
    afterDone: { email: EMAIL },
    rejected: {
      thrown: { code: 'request.invalid', fields: { email: ['email.invalid'] } },
      fieldErrors: { email: ['email.invalid'] },
    },
    failed: {
      thrown: { code: 'request.rate_limited', retryAfterSeconds: 30 },
      error: 'request.rate_limited',
    },
    load: { values: { email: 'stella@matchwerk.example' }, shown: { email: 'stella@matchwerk.example' } },
  },
  // The address comes from the link's check; the token and the page's language are sent along.
  passwordResetForm: {
    input: { values: { email: EMAIL }, fixed: { token: 'reset-token-1', language: 'en' } },
    initial: { email: EMAIL, password: '' },
    filled: { email: EMAIL, password: NEW },
    initialErrors: { password: emptyPassword },
    payload: { email: EMAIL, token: 'reset-token-1', password: NEW, language: 'en' },
    afterDone: { email: EMAIL, password: NEW },
    rejected: {
      thrown: { code: 'request.invalid', fields: { password: ['password.contains_email'] } },
      fieldErrors: { password: ['password.contains_email'] },
    },
    failed: { thrown: { code: 'reset.invalid_token' }, error: 'reset.invalid_token' },
    load: {
      values: { email: 'stella@matchwerk.example' },
      fixed: { token: 'reset-token-2', language: 'de' },
      shown: { email: 'stella@matchwerk.example', password: '' },
    },
  },
};

describeFormTables(() => import('./account-forms.machine'), specs, ids);
