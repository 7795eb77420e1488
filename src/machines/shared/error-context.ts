import { errorCodeOf, fieldCodesOf } from '../../../contract/errors';

/**
 * A failed call as a step's context keeps it, for machines whose context has `error` and
 * `fieldErrors`: the error code and each field's codes (contract/errors.ts), translated at render.
 */
export const errorContextOf = (error: unknown): { error: string; fieldErrors: Record<string, string[]> } => ({
  error: errorCodeOf(error),
  fieldErrors: fieldCodesOf(error),
});
