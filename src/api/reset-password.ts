import { ofetch } from 'ofetch';
import { verifyServerToken } from './keys';

/** SEED-SPEC §2/§5: the token verifies and carries reset_password_token, and the server's check passes. */
export async function checkResetPasswordToken(token: string): Promise<boolean> {
  try {
    const payload = await verifyServerToken(token);
    if (typeof payload.reset_password_token !== 'string') return false;
    const answer = await ofetch<{ code?: string }>(
      `/api/public/user/reset-password/check/${encodeURIComponent(token)}`,
    );
    return typeof answer.code === 'string' && answer.code.includes('reset_password.ok');
  } catch {
    return false;
  }
}
