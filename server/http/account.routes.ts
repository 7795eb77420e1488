import { Hono } from 'hono';
import { ACCOUNT } from '../../contract/endpoints/account';
import { exportAccount } from '../account/export';
import {
  changePhone,
  confirmPhone,
  disableTwoFactor,
  resendPhoneCode,
  savePhone,
  skipPhone,
} from '../account/phone';
import {
  changeRegistrationEmail,
  createAccount,
  registrationNext,
  resendValidation,
  validateEmail,
} from '../account/registration';
import { checkResetToken, requestPasswordReset, resetPassword } from '../account/reset';
import type { AccountServices } from '../account/services';
import { changePassword, deleteAccount } from '../account/settings';
import { acceptInvitation, invitationInfo } from '../agents/invitations';
import { keepAccount } from '../maintenance/retention';
import { clientIp } from './client-ip';
import { type RouteEnv, routeAdapter } from './route-adapter';

/**
 * Registration, e-mail validation, SMS 2FA setup, password reset, invitations and account settings
 * (contract/endpoints/account.ts). Token answers are never cached: no /api answer is by default.
 */
export function accountRoutes(svc: AccountServices, trustProxy: boolean) {
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, svc.auth.tokens);
  const now = () => new Date(svc.auth.now());

  on(ACCOUNT.create, async (c, { body }) =>
    c.json(await createAccount(svc, body, clientIp(c, trustProxy)), 201),
  );
  on(ACCOUNT.validate, async (c, { params }) => c.json(await validateEmail(svc, params.token)));
  // SEED-SPEC §7's variant "with a 'user' segment": the same call.
  on(ACCOUNT.validateUser, async (c, { params }) => c.json(await validateEmail(svc, params.token)));
  // An agent's invitation (issue 20): whom it is for, and taking the profile over (signed in at once).
  on(ACCOUNT.invitation, async (c, { params }) =>
    c.json(await invitationInfo(svc.auth.db, params.token, now())),
  );
  on(ACCOUNT.acceptInvitation, async (c, { params, body }) =>
    c.json(await acceptInvitation(svc.auth, svc.legalDir, params.token, body), 201),
  );
  on(ACCOUNT.resendValidation, async (c) => {
    await resendValidation(svc, c.get('claims'));
    return c.body(null, 204);
  });
  on(ACCOUNT.changeRegistrationEmail, async (c, { body }) =>
    c.json(await changeRegistrationEmail(svc, c.get('claims'), body.email)),
  );
  on(ACCOUNT.savePhone, async (c, { body }) => {
    await savePhone(svc, c.get('claims'), body, clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  on(ACCOUNT.resendPhoneCode, async (c) => {
    await resendPhoneCode(svc, c.get('claims'), clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  on(ACCOUNT.confirmPhone, async (c, { body }) =>
    c.json(await confirmPhone(svc, c.get('claims'), body.code)),
  );
  on(ACCOUNT.skipPhone, async (c) => c.json(await skipPhone(svc, c.get('claims'))));
  on(ACCOUNT.disableTwoFactor, async (c, { body }) =>
    c.json(await disableTwoFactor(svc, c.get('claims'), body.currentPassword)),
  );
  on(ACCOUNT.nextStep, async (c) => c.json(await registrationNext(svc, c.get('claims'))));
  on(ACCOUNT.requestPasswordReset, async (c, { body }) => {
    await requestPasswordReset(svc, body.email, clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  on(ACCOUNT.keep, async (c, { body }) => {
    await keepAccount(svc.auth.db, body.token, now());
    return c.body(null, 204);
  });
  on(ACCOUNT.checkReset, async (c, { params }) => {
    const email = await checkResetToken(svc, params.token);
    return c.json({ code: 'reset_password.ok' as const, email });
  });
  on(ACCOUNT.resetPassword, async (c, { body }) => {
    await resetPassword(svc, body);
    return c.body(null, 204);
  });
  on(ACCOUNT.changePassword, async (c, { body }) => c.json(await changePassword(svc, c.get('claims'), body)));
  on(ACCOUNT.changePhone, async (c, { body }) => {
    await changePhone(svc, c.get('claims'), body, clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  on(ACCOUNT.export, async (c) => {
    c.header('Content-Disposition', 'attachment; filename="matchwerk-export.json"');
    return c.json(await exportAccount(svc.auth.db, svc.storage, c.get('claims').sub));
  });
  on(ACCOUNT.delete, async (c, { body }) => {
    await deleteAccount(svc, c.get('claims'), body.password, c.get('log'));
    return c.body(null, 204);
  });
  return app;
}
