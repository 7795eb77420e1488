import * as v from 'valibot';
import { type AccountExport, AccountExportSchema, type RegistrationRequest } from '../../contract/account';
import { type TokenPair, TokenPairSchema } from '../../contract/session';
import type { ApiClient } from './client';

const pair = (answer: unknown): TokenPair => v.parse(TokenPairSchema, answer);

/** PUT /api/public/user/create: the account, signed in at registration step 1. */
export async function createAccountCall(api: ApiClient, request: RegistrationRequest): Promise<TokenPair> {
  return pair(await api.anonymous('/api/public/user/create', { method: 'PUT', body: request }));
}

/** GET /api/public/user/validate/{token}: confirms the e-mail (step 1 → 2) and answers tokens. */
export async function validateEmailCall(api: ApiClient, token: string): Promise<TokenPair> {
  return pair(await api.anonymous(`/api/public/user/validate/${encodeURIComponent(token)}`));
}

/** POST /api/public/retention/keep: the retention notice's link keeps the account (PRODUCT.md §8). */
export async function keepAccountCall(api: ApiClient, token: string): Promise<void> {
  await api.anonymous('/api/public/retention/keep', { method: 'POST', body: { token } });
}

/** PUT /api/user/registration/email: a mistyped address corrected at step 1; a new link goes to it. */
export async function changeRegistrationEmailCall(api: ApiClient, email: string): Promise<TokenPair> {
  return pair(await api.call('/api/user/registration/email', { method: 'PUT', body: { email } }));
}

/** GET /api/user/create/resend: another validation e-mail. */
export async function resendValidationCall(api: ApiClient): Promise<void> {
  await api.call('/api/user/create/resend');
}

/** PUT /api/user/2fa/save-phone: sends a code to the number. */
export async function savePhoneCall(api: ApiClient, phoneNumber: string, countryCode: string): Promise<void> {
  await api.call('/api/user/2fa/save-phone', { method: 'PUT', body: { phoneNumber, countryCode } });
}

export async function resendPhoneCodeCall(api: ApiClient): Promise<void> {
  await api.call('/api/user/2fa/save-phone/resend', { method: 'POST' });
}

/** PUT /api/user/2fa/save-phone/confirm: the code turns SMS login on (step 2 → 3 while registering). */
export async function confirmPhoneCall(api: ApiClient, code: string): Promise<TokenPair> {
  return pair(await api.call('/api/user/2fa/save-phone/confirm', { method: 'PUT', body: { code } }));
}

/** POST /api/user/2fa/skip: no SMS login (step 2 → 3). */
export async function skipPhoneCall(api: ApiClient): Promise<TokenPair> {
  return pair(await api.call('/api/user/2fa/skip', { method: 'POST' }));
}

/** POST /api/user/registration/next: step 3 → 4 (required fields filled), 4 → 0 (done). */
export async function nextStepCall(api: ApiClient): Promise<TokenPair> {
  return pair(await api.call('/api/user/registration/next', { method: 'POST' }));
}

/** POST /api/public/user/reset-password: mails a link (answers alike for unknown addresses). */
export async function requestPasswordResetCall(api: ApiClient, email: string): Promise<void> {
  await api.anonymous('/api/public/user/reset-password', { method: 'POST', body: { email } });
}

/** PUT /api/public/user/reset-password: sets the new password with the link's token. */
export async function resetPasswordCall(
  api: ApiClient,
  body: { email: string; token: string; password: string; language: 'de' | 'en' },
): Promise<void> {
  await api.anonymous('/api/public/user/reset-password', { method: 'PUT', body });
}

/** PUT /api/user/password: ends the other sessions, answers new tokens for this one. */
export async function changePasswordCall(
  api: ApiClient,
  currentPassword: string,
  newPassword: string,
): Promise<TokenPair> {
  return pair(
    await api.call('/api/user/password', { method: 'PUT', body: { currentPassword, newPassword } }),
  );
}

/** PUT /api/user/phone: sends a code to the new number; confirmCall makes it the login phone. */
export async function changePhoneCall(
  api: ApiClient,
  body: { currentPassword: string; phoneNumber: string; countryCode: string },
): Promise<void> {
  await api.call('/api/user/phone', { method: 'PUT', body });
}

/** DELETE /api/user/2fa: SMS login off, phone removed. */
export async function disableTwoFactorCall(api: ApiClient, currentPassword: string): Promise<TokenPair> {
  return pair(await api.call('/api/user/2fa', { method: 'DELETE', body: { currentPassword } }));
}

/** DELETE /api/user: the account and every personal datum, at once. */
export async function deleteAccountCall(api: ApiClient, password: string): Promise<void> {
  await api.call('/api/user', { method: 'DELETE', body: { password } });
}

/** GET /api/user/export: everything the server holds about the account (contract AccountExportSchema). */
export async function exportAccountData(api: ApiClient): Promise<AccountExport> {
  return v.parse(AccountExportSchema, await api.call('/api/user/export'));
}
