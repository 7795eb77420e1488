import { ApiError } from '../errors';

/** An unknown job, and a job the caller may not read, answer alike (PRODUCT.md §5). */
export const jobNotFound = () => new ApiError(404, 'job.not_found', 'No such job');
