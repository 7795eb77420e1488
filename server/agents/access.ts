import { isUuid } from '../../contract/agent';
import { ApiError } from '../errors';

/**
 * What agent workspace calls check of the records they name (roles are the route table's `who`,
 * senior agents' calls included: server/http/route-adapter.ts): a uuid in a body, and the not-founds.
 */

export const invalidUuid = (field = 'uuid') =>
  new ApiError(400, 'uuid.invalid', 'Not a uuid', { [field]: ['uuid.invalid'] });
export const profileNotFound = () => new ApiError(404, 'profile.not_found', 'No such candidate');
export const companyNotFound = () => new ApiError(404, 'company.not_found', 'No such company');

export function checkUuid(value: string, field = 'uuid'): string {
  if (!isUuid(value)) throw invalidUuid(field);
  return value.toLowerCase();
}
