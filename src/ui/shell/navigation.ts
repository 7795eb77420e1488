import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TokenClaims } from '../../../contract/session';
import { hasFinishedRegistration, isAgent } from '../../machines/session/token';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  /** An anchor on the target page. */
  hash?: string;
}

const dashboard = { to: '/dashboard', label: msg`Dashboard` };
const lifecycle = { to: '/lifecycle', label: msg`Lifecycle` };

/** The header's links for the signed-in user's role; what a guard would refuse is not offered. */
export function navigationFor(claims: TokenClaims | null): NavItem[] {
  if (!claims) {
    return [
      { to: '/about', label: msg`About` },
      { to: '/login', label: msg`Log in` },
      { to: '/register', label: msg`Register` },
    ];
  }
  if (isAgent(claims)) {
    return [
      dashboard,
      { to: '/stellas', label: msg`Stellas` },
      { to: '/lunas', label: msg`Lunas` },
      { to: '/novas', label: msg`Novas` },
      { to: '/companies', label: msg`Companies` },
      { to: '/matchingJob', label: msg`Matching jobs` },
      { to: '/agent/view', label: msg`Agents` },
    ];
  }
  if (!hasFinishedRegistration(claims)) return [{ to: '/register', label: msg`Continue registration` }];
  if (claims.user_type === 'company') {
    return [
      dashboard,
      { to: '/companies', label: msg`Company profile` },
      { to: '/newJob', label: msg`New job request` },
      { to: '/matchingJob', label: msg`Job requests` },
      { to: '/profile', label: msg`Account` },
    ];
  }
  return [dashboard, { to: '/profile', label: msg`Profile` }, lifecycle];
}

/** The avatar menu's links (profile, settings, lifecycle); logging out is always offered beside them. */
export function accountMenuFor(claims: TokenClaims): NavItem[] {
  if (isAgent(claims)) {
    return [
      { to: '/agent', label: msg`My profile` },
      { to: '/agent', label: msg`Settings`, hash: 'account-settings-title' },
      lifecycle,
    ];
  }
  if (!hasFinishedRegistration(claims)) return [{ to: '/register', label: msg`Continue registration` }];
  const settings = { to: '/profile', label: msg`Settings`, hash: 'account-settings-title' };
  if (claims.user_type === 'company') {
    return [{ to: '/companies', label: msg`Company profile` }, settings, lifecycle];
  }
  return [{ to: '/profile', label: msg`My profile` }, settings, lifecycle];
}
