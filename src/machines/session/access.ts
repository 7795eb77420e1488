import { isCandidateType } from '../../../contract/user-types';
import type { SessionSnapshot } from './session.machine';
import { hasFinishedRegistration, isAgent } from './token';

/** Where a guard sends the viewer instead; the route guards (src/routes) only apply these. */
export type Redirect = {
  to: '/' | '/login' | '/dashboard' | '/register' | '/mfa/login';
  search?: { step: number };
};

/** SEED-SPEC §2 protected group: a token and (finished registration or an agent), else /login. */
export function protectedRedirect(session: SessionSnapshot): Redirect | null {
  const claims = session.context.claims;
  if (!session.matches('authenticated') || !claims) return { to: '/login' };
  return hasFinishedRegistration(claims) || isAgent(claims) ? null : { to: '/login' };
}

/** SEED-SPEC §6: agent-only views send everybody else to /dashboard. */
export function agentRedirect(session: SessionSnapshot): Redirect | null {
  const claims = session.context.claims;
  return claims && isAgent(claims) ? null : { to: '/dashboard' };
}

/**
 * PRODUCT.md §1: newJob, matchingJob and companies are the employers' and the agents' pages; a
 * candidate (luna, stella, nova) opening one is sent to /dashboard.
 */
export function candidateRedirect(session: SessionSnapshot): Redirect | null {
  const type = session.context.claims?.user_type ?? '';
  return isCandidateType(type) ? { to: '/dashboard' } : null;
}

/** SEED-SPEC §2 login: a signed-in user goes on to the dashboard, or to the registration step after the last done. */
export function loginRedirect(session: SessionSnapshot): Redirect | null {
  if (session.hasTag('mfa')) return { to: '/mfa/login' };
  const claims = session.context.claims;
  if (!session.matches('authenticated') || !claims) return null;
  if (hasFinishedRegistration(claims)) return { to: '/dashboard' };
  return { to: '/register', search: { step: claims.registration_step + 1 } };
}

/** mfa/login needs a stored token (pending the SMS code), else /login. */
export function mfaLoginRedirect(session: SessionSnapshot): Redirect | null {
  return session.hasTag('mfa') ? null : { to: '/login' };
}

/** A signed-in user whose registration is finished must confirm before /register logs them out. */
export function registerNeedsConfirmation(session: SessionSnapshot): boolean {
  const claims = session.context.claims;
  return session.matches('authenticated') && claims !== null && hasFinishedRegistration(claims);
}

/** A `redirect` search parameter worth following: a path of this site ("/profile"), never "//host" or "/\host". */
export function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes let browsers read a path as another host.
  if ([...path].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) return false;
  const base = 'http://matchwerk.invalid';
  return new URL(path, base).origin === base;
}
