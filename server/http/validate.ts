import { vValidator } from '@hono/valibot-validator';
import type { GenericSchema } from 'valibot';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { ApiError } from './errors';

/** Per-field error codes from valibot issues; the issue message is the code (contract schemas use codes). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    const code = /^[a-z0-9_]+(\.[a-zA-Z0-9_]+)+$/.test(issue.message)
      ? issue.message
      : `field.${issue.kind}_${issue.type}`;
    const list = fields[key] ?? [];
    if (!list.includes(code)) list.push(code);
    fields[key] = list;
  }
  return fields;
}

/** Validates a JSON body with a contract schema; bad input answers 400 with per-field codes and changes nothing. */
export function jsonBody<S extends GenericSchema>(schema: S) {
  return vValidator('json', schema, (result) => {
    if (!result.success) {
      throw new ApiError(400, ErrorCode.validation, 'Invalid request body', fieldErrors(result.issues));
    }
  });
}
