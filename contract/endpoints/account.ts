import * as v from 'valibot';
import {
  AccountExportSchema,
  ChangePasswordSchema,
  ChangePhoneSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  KeepAccountSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  PhoneConfirmSchema,
  PhoneRequestSchema,
  RegistrationEmailSchema,
  RegistrationRequestSchema,
  ResetCheckResponseSchema,
} from '../account';
import { ErrorCode } from '../errors';
import { InvitationAcceptSchema, InvitationInfoSchema } from '../people';
import { route } from '../route-table';
import { TokenPairSchema } from '../session';

const tokens = { status: 200, json: TokenPairSchema } as const;
const limited = [ErrorCode.rateLimited] as const;
/** The token of a mailed link, as the path carries it. */
const MailedToken = v.pipe(v.string(), v.minLength(1));
/** An invitation link that is unknown or replaced (404), used or expired (409). */
const invitationGone = ['invitation.used', 'invitation.expired'] as const;
const newPassword = ['password.weak', 'password.contains_email'] as const;
const wrongPassword = ['password.wrong_current'] as const;
const phoneRefused = [
  'phone.invalid',
  'phone.not_mobile',
  'phone.premium_rate',
  'phone.country_not_supported',
] as const;
/** What a JSON Schema cannot check of a password or a mailed link: the server's records. */
const CURRENT_PASSWORD = "The current password must be the account's: else 400 `password.wrong_current`.";
const PHONE_RULE =
  'The number is parsed for its country and line (libphonenumber): a mobile number of a supported country, not premium-rate; else 400 `phone.invalid`, `phone.not_mobile`, `phone.premium_rate` or `phone.country_not_supported`.';
const mailedToken = (code: string) =>
  `The token is the one of a mail sent by the server: an unknown, used or expired one answers 400 \`${code}\`.`;

/**
 * Registration, e-mail validation, SMS protection, password reset, invitations and the account
 * settings (contract/account.ts; SEED-SPEC §7 fixes the paths and bodies of its calls).
 */
export const ACCOUNT = {
  create: route({
    method: 'PUT',
    path: '/api/public/user/create',
    body: RegistrationRequestSchema,
    answer: { status: 201, json: TokenPairSchema },
    errors: { 400: newPassword, 409: ['email.taken'], 429: limited },
    who: 'public',
    tag: 'account',
    summary: 'Register an account',
  }),
  keep: route({
    method: 'POST',
    path: '/api/public/retention/keep',
    body: KeepAccountSchema,
    answer: { status: 204 },
    errors: { 400: ['keep.invalid_token'] },
    who: 'public',
    tag: 'account',
    summary: "Keep an account after the retention notice (the mail's link)",
    description: mailedToken('keep.invalid_token'),
  }),
  validate: route({
    method: 'GET',
    path: '/api/public/user/validate/{token}',
    params: { token: MailedToken },
    answer: tokens,
    errors: { 400: ['validation.invalid_token'] },
    who: 'public',
    tag: 'account',
    summary: 'Confirm the e-mail address',
    description: mailedToken('validation.invalid_token'),
  }),
  validateUser: route({
    method: 'GET',
    path: '/api/public/user/validate/user/{token}',
    params: { token: MailedToken },
    answer: tokens,
    errors: { 400: ['validation.invalid_token'] },
    who: 'public',
    tag: 'account',
    summary: 'Confirm the e-mail address (the variant with a user segment)',
    description: mailedToken('validation.invalid_token'),
  }),
  invitation: route({
    method: 'GET',
    path: '/api/public/invitation/{token}',
    params: { token: MailedToken },
    answer: { status: 200, json: InvitationInfoSchema },
    errors: { 404: ['invitation.not_found'], 409: invitationGone },
    who: 'public',
    tag: 'account',
    summary: "Whom an agent's invitation is for, while it may be accepted",
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/api/public/invitation/{token}',
    params: { token: MailedToken },
    body: InvitationAcceptSchema,
    answer: { status: 201, json: TokenPairSchema },
    errors: { 400: newPassword, 404: ['invitation.not_found'], 409: [...invitationGone, 'email.taken'] },
    who: 'public',
    tag: 'account',
    summary:
      'Accept an invitation: set a password, accept the terms, take the profile over (signed in at once)',
  }),
  resendValidation: route({
    method: 'GET',
    path: '/api/user/create/resend',
    answer: { status: 204 },
    errors: { 409: ['registration.already_validated'], 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Send the validation mail again',
  }),
  changeRegistrationEmail: route({
    method: 'PUT',
    path: '/api/user/registration/email',
    body: RegistrationEmailSchema,
    answer: tokens,
    errors: { 409: ['email.taken', 'registration.already_validated'], 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Correct the address while its validation is awaited; mails a new link',
    description:
      'Counts as a resend (60 s apart, 10 a day); the old link stops working. The pair replaces the session.',
  }),
  savePhone: route({
    method: 'PUT',
    path: '/api/user/2fa/save-phone',
    body: PhoneRequestSchema,
    answer: { status: 204 },
    errors: {
      400: phoneRefused,
      403: ['phone.email_not_validated'],
      409: ['registration.wrong_step'],
      429: limited,
    },
    who: 'signedIn',
    tag: 'account',
    summary: 'Set the SMS number; sends a code',
    description: PHONE_RULE,
  }),
  resendPhoneCode: route({
    method: 'POST',
    path: '/api/user/2fa/save-phone/resend',
    answer: { status: 204 },
    errors: { 409: ['phone.no_pending'], 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Send a new code',
  }),
  confirmPhone: route({
    method: 'PUT',
    path: '/api/user/2fa/save-phone/confirm',
    body: PhoneConfirmSchema,
    answer: tokens,
    errors: { 401: ['login.wrong_2FA_code'], 409: ['phone.no_pending'] },
    who: 'signedIn',
    tag: 'account',
    summary: 'Confirm the number with the code: SMS protection on',
  }),
  skipPhone: route({
    method: 'POST',
    path: '/api/user/2fa/skip',
    answer: tokens,
    errors: { 409: ['registration.wrong_step'] },
    who: 'signedIn',
    tag: 'account',
    summary: 'Skip SMS protection during registration',
  }),
  disableTwoFactor: route({
    method: 'DELETE',
    path: '/api/user/2fa',
    body: DisableTwoFactorSchema,
    answer: tokens,
    errors: { 400: wrongPassword, 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Switch SMS protection off',
    description: CURRENT_PASSWORD,
  }),
  nextStep: route({
    method: 'POST',
    path: '/api/user/registration/next',
    answer: tokens,
    errors: { 409: ['registration.wrong_step', 'registration.step_not_ready'] },
    who: 'signedIn',
    tag: 'account',
    summary: 'Advance the registration step',
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/public/user/reset-password',
    body: PasswordResetRequestSchema,
    answer: { status: 204 },
    errors: { 429: limited },
    who: 'public',
    tag: 'account',
    summary: 'Mail a password reset link',
  }),
  checkReset: route({
    method: 'GET',
    path: '/api/public/user/reset-password/check/{token}',
    params: { token: MailedToken },
    answer: { status: 200, json: ResetCheckResponseSchema },
    errors: { 400: ['reset.invalid_token'] },
    who: 'public',
    tag: 'account',
    summary: 'Whether a reset link is still good',
    description: mailedToken('reset.invalid_token'),
  }),
  resetPassword: route({
    method: 'PUT',
    path: '/api/public/user/reset-password',
    body: PasswordResetSchema,
    answer: { status: 204 },
    errors: { 400: ['reset.invalid_token', ...newPassword] },
    who: 'public',
    tag: 'account',
    summary: 'Set a new password with a reset link',
    description: mailedToken('reset.invalid_token'),
  }),
  changePassword: route({
    method: 'PUT',
    path: '/api/user/password',
    body: ChangePasswordSchema,
    answer: tokens,
    errors: { 400: [...wrongPassword, ...newPassword], 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Change the password',
    description: CURRENT_PASSWORD,
  }),
  changePhone: route({
    method: 'PUT',
    path: '/api/user/phone',
    body: ChangePhoneSchema,
    answer: { status: 204 },
    errors: { 400: [...wrongPassword, ...phoneRefused], 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Change the SMS number; sends a code',
    description: `${CURRENT_PASSWORD} ${PHONE_RULE}`,
  }),
  export: route({
    method: 'GET',
    path: '/api/user/export',
    answer: { status: 200, json: AccountExportSchema },
    who: 'signedIn',
    tag: 'account',
    summary: 'Everything held about the user (GDPR Art. 15/20)',
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/user',
    body: DeleteAccountSchema,
    answer: { status: 204 },
    errors: { 400: wrongPassword, 429: limited },
    who: 'signedIn',
    tag: 'account',
    summary: 'Delete the account',
    description: CURRENT_PASSWORD,
  }),
} as const;
