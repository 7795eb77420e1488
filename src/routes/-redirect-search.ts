import * as v from 'valibot';
import { isSameOriginPath } from '../machines/session/access';

/** `?redirect=` of /login and /mfa/login: kept when it is a path of this site, dropped otherwise. */
export const RedirectSearch = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.check(isSameOriginPath))), undefined),
});

/** Why the visitor was sent to /login, when the login page should say so. Unknown values are dropped. */
export const LOGIN_NOTICES = ['reset-link-invalid'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

/** /login's search: the redirect, and a notice (a reset link that no longer works). */
export const LoginSearch = v.object({
  ...RedirectSearch.entries,
  notice: v.fallback(v.optional(v.picklist(LOGIN_NOTICES)), undefined),
});
