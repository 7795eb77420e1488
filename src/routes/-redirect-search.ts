import * as v from 'valibot';
import { isSameOriginPath } from '../machines/access';

/** `?redirect=` of /login and /mfa/login: kept when it is a path of this site, dropped otherwise. */
export const RedirectSearch = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.check(isSameOriginPath))), undefined),
});
