import * as v from 'valibot';

/** The per-field codes of a 400 answer's `fields`, shared by every schema of the contract. */
export const FieldError = {
  required: 'field.required',
  unknown: 'field.unknown',
  invalidType: 'field.invalid_type',
  /** A NUL character or an unpaired UTF-16 surrogate in a text (refused for every request). */
  invalidText: 'field.invalid_text',
  optionUnknown: 'field.option_unknown',
  duplicate: 'field.duplicate',
  tooMany: 'field.too_many',
  tooLong: 'field.too_long',
  tooSmall: 'field.too_small',
  tooLarge: 'field.too_large',
  step: 'field.step_mismatch',
  dateInvalid: 'field.date_invalid',
  dateTooEarly: 'field.date_too_early',
  dateTooLate: 'field.date_too_late',
  levelUnknown: 'field.level_unknown',
  locationInvalid: 'field.location_invalid',
  criterionUnknown: 'criterion.unknown',
  criterionDuplicate: 'criterion.duplicate',
  weightInvalid: 'criterion.weight_invalid',
  mustInvalid: 'criterion.must_invalid',
} as const;
export type FieldErrorCode = (typeof FieldError)[keyof typeof FieldError];

/**
 * How `fieldErrors` names a field. `field`: the first path segment, a job criterion by its key
 * (`criteria.skills`, `criteria.<index>` without a usable key) — what a form shows beside one input
 * and what catalogue values answer. `path`: the issue's whole dot path (`targetTypes.0`) — what a
 * request body or query answers (server/http/validate.ts).
 */
export type FieldErrorKeys = 'field' | 'path';

/** A message that is a stable code (`field.required`, `login.wrong_2FA_code`), not valibot's English. */
const CODE = /^[a-z0-9_]+(\.[a-zA-Z0-9_]+)+$/;

/**
 * Turns the issues of a failed parse into `{ <field key>: [codes] }` (the `fields` of the error
 * body); an issue without a code is `field.invalid_type`, one without a path is keyed `_`.
 */
export function fieldErrors(
  issues: readonly v.BaseIssue<unknown>[],
  keys: FieldErrorKeys = 'field',
): Record<string, string[]> {
  // No prototype: a client-chosen key such as "toString" or "__proto__" is a key like any other.
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const key = keys === 'path' ? (v.getDotPath(issue) ?? '_') : fieldKey(issue);
    const code = CODE.test(issue.message) ? issue.message : FieldError.invalidType;
    const list = fields[key] ?? [];
    if (!list.includes(code)) list.push(code);
    fields[key] = list;
  }
  return fields;
}

function fieldKey(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const first = path[0];
  if (!first) return '_';
  const name = String(first.key);
  if (name !== 'criteria' || path.length < 2) return name;
  const item = path[1]!.value as { key?: unknown } | undefined;
  return typeof item?.key === 'string' && /^[a-z][a-z0-9_]*$/.test(item.key)
    ? `criteria.${item.key}`
    : `criteria.${String(path[1]!.key)}`;
}
