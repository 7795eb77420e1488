import * as v from 'valibot';
import { fieldErrors } from './field-errors';

/** A form checked against its contract schema: the parsed output, or the error codes per field. */
export type FormCheck<T> = { ok: true; output: T } | { ok: false; fields: Record<string, string[]> };

/**
 * Checks form data with the same schema the server validates with; a failure lists each field's
 * codes (first path segment as the key, `_` for the whole form) as the server's 400 `fields` does.
 */
export function formErrors<S extends v.GenericSchema>(schema: S, data: unknown): FormCheck<v.InferOutput<S>> {
  const result = v.safeParse(schema, data);
  return result.success
    ? { ok: true, output: result.output }
    : { ok: false, fields: fieldErrors(result.issues) };
}
