import { type Context, Hono } from 'hono';
import {
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
} from '../../contract/account';
import { InvitationAcceptSchema } from '../../contract/people';
import type { TokenPair } from '../../contract/session';
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
import { type AuthVariables, requireUser } from '../auth/middleware';
import { keepAccount } from '../maintenance/retention';
import { clientIp } from './client-ip';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

/** Token answers are never cached. */
function tokens(c: Context, pair: TokenPair, status: 200 | 201 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.json(pair, status);
}

/** Registration, e-mail validation, SMS 2FA setup, password reset and account settings (contract/account.ts). */
export function accountRoutes(svc: AccountServices, trustProxy: boolean) {
  const user = requireUser(svc.auth.tokens);
  const validate = async (token: string) => validateEmail(svc, token);
  return (
    new Hono<Env>()
      .use(async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .put('/public/user/create', jsonBody(RegistrationRequestSchema), async (c) =>
        tokens(c, await createAccount(svc, c.req.valid('json'), clientIp(c, trustProxy)), 201),
      )
      .get('/public/user/validate/:token', async (c) => tokens(c, await validate(c.req.param('token'))))
      // An agent's invitation (issue 20): whom it is for, and taking the profile over (signed in at once).
      .get('/public/invitation/:token', async (c) =>
        c.json(await invitationInfo(svc.auth.db, c.req.param('token'), new Date(svc.auth.now()))),
      )
      .post('/public/invitation/:token', jsonBody(InvitationAcceptSchema), async (c) =>
        tokens(
          c,
          await acceptInvitation(svc.auth, svc.legalDir, c.req.param('token'), c.req.valid('json')),
          201,
        ),
      )
      // SEED-SPEC §7's variant "with a 'user' segment": the same call.
      .get('/public/user/validate/user/:token', async (c) => tokens(c, await validate(c.req.param('token'))))
      .get('/user/create/resend', user, async (c) => {
        await resendValidation(svc, c.get('claims'));
        return c.body(null, 204);
      })
      .put('/user/registration/email', user, jsonBody(RegistrationEmailSchema), async (c) =>
        tokens(c, await changeRegistrationEmail(svc, c.get('claims'), c.req.valid('json').email)),
      )
      .put('/user/2fa/save-phone', user, jsonBody(PhoneRequestSchema), async (c) => {
        await savePhone(svc, c.get('claims'), c.req.valid('json'), clientIp(c, trustProxy));
        return c.body(null, 204);
      })
      .post('/user/2fa/save-phone/resend', user, async (c) => {
        await resendPhoneCode(svc, c.get('claims'), clientIp(c, trustProxy));
        return c.body(null, 204);
      })
      .put('/user/2fa/save-phone/confirm', user, jsonBody(PhoneConfirmSchema), async (c) =>
        tokens(c, await confirmPhone(svc, c.get('claims'), c.req.valid('json').code)),
      )
      .post('/user/2fa/skip', user, async (c) => tokens(c, await skipPhone(svc, c.get('claims'))))
      .delete('/user/2fa', user, jsonBody(DisableTwoFactorSchema), async (c) =>
        tokens(c, await disableTwoFactor(svc, c.get('claims'), c.req.valid('json').currentPassword)),
      )
      .post('/user/registration/next', user, async (c) =>
        tokens(c, await registrationNext(svc, c.get('claims'))),
      )
      .post('/public/user/reset-password', jsonBody(PasswordResetRequestSchema), async (c) => {
        await requestPasswordReset(svc, c.req.valid('json').email, clientIp(c, trustProxy));
        return c.body(null, 204);
      })
      .post('/public/retention/keep', jsonBody(KeepAccountSchema), async (c) => {
        await keepAccount(svc.auth.db, c.req.valid('json').token, new Date(svc.auth.now()));
        return c.body(null, 204);
      })
      .get('/public/user/reset-password/check/:token', async (c) => {
        const email = await checkResetToken(svc, c.req.param('token'));
        return c.json({ code: 'reset_password.ok' as const, email });
      })
      .put('/public/user/reset-password', jsonBody(PasswordResetSchema), async (c) => {
        await resetPassword(svc, c.req.valid('json'));
        return c.body(null, 204);
      })
      .put('/user/password', user, jsonBody(ChangePasswordSchema), async (c) =>
        tokens(c, await changePassword(svc, c.get('claims'), c.req.valid('json'))),
      )
      .put('/user/phone', user, jsonBody(ChangePhoneSchema), async (c) => {
        await changePhone(svc, c.get('claims'), c.req.valid('json'), clientIp(c, trustProxy));
        return c.body(null, 204);
      })
      .get('/user/export', user, async (c) => {
        c.header('Content-Disposition', 'attachment; filename="matchwerk-export.json"');
        return c.json(await exportAccount(svc.auth.db, svc.storage, c.get('claims').sub));
      })
      .delete('/user', user, jsonBody(DeleteAccountSchema), async (c) => {
        await deleteAccount(svc, c.get('claims'), c.req.valid('json').password, c.get('log'));
        return c.body(null, 204);
      })
  );
}
