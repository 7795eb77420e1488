import { isSeniorAgentType, isUuid } from '../../contract/agent';
import type { Caller } from '../auth/caller';
import { ApiError } from '../errors';

/**
 * What every agent workspace call checks besides "is an agent" (the routes check that): ids that are
 * uuids, and the calls only senior agents may make.
 */

export const invalidUuid = (field = 'uuid') =>
  new ApiError(400, 'uuid.invalid', 'Not a uuid', { [field]: ['uuid.invalid'] });
export const profileNotFound = () => new ApiError(404, 'profile.not_found', 'No such candidate');
export const companyNotFound = () => new ApiError(404, 'company.not_found', 'No such company');

export function checkUuid(value: string, field = 'uuid'): string {
  if (!isUuid(value)) throw invalidUuid(field);
  return value.toLowerCase();
}

export function assertSenior(caller: Caller): void {
  if (!isSeniorAgentType(caller.userType))
    throw new ApiError(403, 'auth.forbidden', 'Only senior agents see this');
}
