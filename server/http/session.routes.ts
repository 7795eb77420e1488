import { Hono } from 'hono';
import { SESSION } from '../../contract/endpoints/session';
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
import { type RouteEnv, routeAdapter } from './route-adapter';

/** Login, SMS-code login, refresh, logout, the public key set (contract/endpoints/session.ts). */
export function sessionRoutes(auth: AuthServices, trustProxy: boolean) {
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, auth.tokens);
  on(SESSION.login, async (c, { body }) =>
    c.json(await login(auth, { ...body, ip: clientIp(c, trustProxy) })),
  );
  on(SESSION.twoFactor, async (c, { body }) =>
    c.json(await completeTwoFactorLogin(auth, c.get('claims'), body.code)),
  );
  on(SESSION.codeStatus, async (c) => c.json(await loginCodeStatus(auth, c.get('claims'))));
  on(SESSION.resendCode, async (c) => {
    await resendTwoFactorCode(auth, c.get('claims'), clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  on(SESSION.refresh, async (c, { body }) => c.json(await refreshSession(auth, body.refresh_token)));
  on(SESSION.logout, async (c, { body }) => {
    await logout(auth, body.refresh_token);
    return c.body(null, 204);
  });
  on(SESSION.claims, (c) => c.json(c.get('claims')));
  on(SESSION.keys, async (c) => c.json(await auth.tokens.keys.jwks()));
  return app;
}
