import { ErrorCode } from '../../contract/errors';
import type { TokenClaims } from '../../contract/session';
import { isAgentType, type Language } from '../../contract/user-types';
import { ApiError } from '../errors';

/**
 * Who is calling, read from the verified access token, and the role checks every domain asks
 * (PRODUCT.md §5): agents everything; a company with a finished registration files requests and
 * reads its own; everyone else nothing. A domain's own rules (a client's contacts, a senior's team)
 * build on these.
 */

export interface Caller {
  userId: string;
  userType: string;
  language: Language;
  /** 0 when the registration is finished. */
  registrationStep: number;
}

export function callerOf(claims: TokenClaims): Caller {
  return {
    userId: claims.sub,
    userType: claims.user_type,
    language: claims.language,
    registrationStep: claims.registration_step,
  };
}

export const isAgent = (caller: Caller) => isAgentType(caller.userType);
export const isCompany = (caller: Caller) => caller.userType === 'company';

export const forbidden = () => new ApiError(403, ErrorCode.forbidden, 'Not allowed for this account');

/** Runs, results, preview, near misses, shortlist, edits: agents only. */
export function assertAgent(caller: Caller): void {
  if (!isAgent(caller)) throw forbidden();
}

/** Filing and reading requests: agents, and companies that finished their registration. */
export function assertAgentOrCompany(caller: Caller): void {
  if (isAgent(caller)) return;
  if (isCompany(caller) && caller.registrationStep === 0) return;
  throw forbidden();
}
