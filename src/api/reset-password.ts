import * as v from 'valibot';
import { ResetCheckResponseSchema } from '../../contract/account';
import type { ApiClient } from './client';
import { verifyServerToken } from './keys';

/** SEED-SPEC §2/§5: the token verifies and carries reset_password_token, and the server's check passes. */
export async function checkResetPasswordToken(api: ApiClient, token: string): Promise<boolean> {
  try {
    const payload = await verifyServerToken(token);
    if (typeof payload.reset_password_token !== 'string') return false;
    const answer = await api.anonymous(`/api/public/user/reset-password/check/${encodeURIComponent(token)}`);
    return v.safeParse(ResetCheckResponseSchema, answer).success;
  } catch {
    return false;
  }
}
