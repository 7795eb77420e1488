import { Hono } from 'hono';
import { LoginRequestSchema, RefreshRequestSchema, TwoFactorCodeSchema } from '../../contract/session';
import { type AuthVariables, requirePendingLogin, requireUser } from '../auth/middleware';
import {
  type AuthServices,
  completeTwoFactorLogin,
  login,
  loginCodeStatus,
  logout,
  refreshSession,
  resendTwoFactorCode,
} from '../auth/sessions';
import { clientIp } from './client-ip';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

/** Login, SMS-code login, refresh, logout, the public key set (SEED-SPEC §7, PRODUCT.md §3). */
export function sessionRoutes(auth: AuthServices, trustProxy: boolean) {
  const user = requireUser(auth.tokens);
  const pending = requirePendingLogin(auth.tokens);
  return new Hono<Env>()
    .post('/login', jsonBody(LoginRequestSchema), async (c) => {
      const body = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      return c.json(await login(auth, { ...body, ip: clientIp(c, trustProxy) }));
    })
    .post('/login/2fa', pending, jsonBody(TwoFactorCodeSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await completeTwoFactorLogin(auth, c.get('claims'), c.req.valid('json').code));
    })
    .get('/login/2fa', pending, async (c) => c.json(await loginCodeStatus(auth, c.get('claims'))))
    .post('/login/2fa/resend', pending, async (c) => {
      await resendTwoFactorCode(auth, c.get('claims'), clientIp(c, trustProxy));
      return c.body(null, 204);
    })
    .post('/login/refresh', jsonBody(RefreshRequestSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await refreshSession(auth, c.req.valid('json').refresh_token));
    })
    .post('/logout', jsonBody(RefreshRequestSchema), async (c) => {
      await logout(auth, c.req.valid('json').refresh_token);
      return c.body(null, 204);
    })
    .get('/session', user, (c) => c.json(c.get('claims')))
    .get('/public/jwk', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await auth.tokens.keys.jwks());
    });
}
