import { ACCOUNT } from '../../contract/endpoints/account';
import { type ApiClient, send } from './client';
import { verifyServerToken } from './keys';

/**
 * SEED-SPEC §2/§5: the token verifies and carries reset_password_token, and the server's check
 * passes. Answers the account's e-mail address the check names, or null for a bad, expired or used link.
 */
export async function checkResetPasswordToken(api: ApiClient, token: string): Promise<string | null> {
  try {
    const payload = await verifyServerToken(token);
    if (typeof payload.reset_password_token !== 'string') return null;
    return (await send(api, ACCOUNT.checkReset, { params: { token } })).email;
  } catch {
    return null;
  }
}
