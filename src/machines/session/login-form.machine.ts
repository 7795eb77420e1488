import { LoginRequestSchema } from '../../../contract/session';
import type { Language } from '../../../contract/user-types';
import { formMachine } from '../shared/form.machine';
import { type HandOffOutcome, handOff } from '../shared/form-hand-off';
import type { SessionActor, SessionSnapshot } from './session.machine';

/**
 * The login page's form (SEED-SPEC §2): address and password, checked with the login request's
 * schema. The session machine owns the login (→ mfaPending or authenticated): `loginFormLogic`'s
 * call hands the checked values to it, with the page's language.
 */
export const loginForm = formMachine('login', LoginRequestSchema, { email: '', password: '' });

/** The session's answer to a login it was handed: running, refused (back at loggedOut), or signed in (or the SMS code due). */
export function loginOutcome(session: SessionSnapshot): HandOffOutcome {
  if (session.matches('authenticating')) return 'pending';
  if (session.matches('loggedOut')) return { code: session.context.error, fields: {} };
  return 'done';
}

/**
 * The login page's form for the app's session: its call hands the checked address and password to
 * the session, in the language the page is shown in when it is sent. Here rather than in
 * session-actors.ts: that module is in every page's first JavaScript, the login form only in the
 * login page's.
 */
export function loginFormLogic(session: SessionActor, language: () => Language) {
  return loginForm.withCall((credentials) =>
    handOff(session, { type: 'session.login', ...credentials, locale: language() }, loginOutcome),
  );
}
