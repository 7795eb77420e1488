import { errorCodeOf, fieldCodesOf } from '../../../contract/errors';

/**
 * Whether a refusal's fields already say what its code says, so that a banner would only repeat them:
 * a 400 "check the fields" whose fields are shown, or a code a shown field carries itself
 * ("password.weak" at the password). `shown` tells which fields the form shows (all by default).
 */
export function explainedByFields(
  code: string,
  fields: Record<string, string[]>,
  shown: (field: string) => boolean = () => true,
): boolean {
  return Object.entries(fields).some(
    ([field, codes]) => shown(field) && (code === 'request.invalid' || codes.includes(code)),
  );
}

/**
 * A failed call as a step's context keeps it, for machines whose context has `error` and
 * `fieldErrors`: the error code and each field's codes (contract/errors.ts), translated at render
 * (the screen leaves out a banner the fields explain: `explainedByFields`).
 */
export const errorContextOf = (error: unknown): { error: string; fieldErrors: Record<string, string[]> } => ({
  error: errorCodeOf(error),
  fieldErrors: fieldCodesOf(error),
});
