import { ApiError } from '../errors';

/**
 * The not-founds of the agent workspace's records. Roles are the route table's `who` and path ids
 * the route adapter's (server/http/route-adapter.ts: a malformed one answers the 404 below); a uuid
 * in a body is its schema's (`UuidSchema`: 400 `request.invalid` with `uuid.invalid` on the field).
 */

export const profileNotFound = () => new ApiError(404, 'profile.not_found', 'No such candidate');
export const companyNotFound = () => new ApiError(404, 'company.not_found', 'No such company');
