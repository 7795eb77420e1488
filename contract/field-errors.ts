import * as v from 'valibot';

/** The per-field codes of a 400 answer's `fields`, shared by every schema of the contract. */
export const FieldError = {
  required: 'field.required',
  unknown: 'field.unknown',
  invalidType: 'field.invalid_type',
  /** A NUL character or an unpaired UTF-16 surrogate in a text (refused for every request). */
  invalidText: 'field.invalid_text',
  /** A control character (tab, line break, …) or a bidi control (U+202E …) in a name or title. */
  controlCharacters: 'field.control_characters',
  /** An address a user entered (a company's website) that is no http or https URL. */
  urlInvalid: 'field.url_invalid',
  /** A phone number that fits no country's numbering plan (contract/phone.ts). */
  phoneInvalid: 'field.phone_invalid',
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
 * Control characters (Unicode Cc: tab, line breaks, DEL, C1) and the bidi controls (marks,
 * embeddings, overrides, isolates) that make a name or title read other than it is stored.
 */
const CONTROL_CHARACTERS =
  '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

/**
 * A one-line text — a name, a title — refuses control and bidi characters (PRODUCT.md §8). A regex
 * (the ranges of Unicode's Cc spelled out, no flags), so that the API reference carries it as the
 * field's `pattern`.
 */
export const oneLine = () =>
  v.regex<string, string>(new RegExp(`^[^${CONTROL_CHARACTERS}]*$`), FieldError.controlCharacters);

/** An address a user enters is http or https, nothing a browser would run (`javascript:`) or fetch elsewhere. */
export const webAddress = () =>
  v.check<string, string>((text) => {
    if (text === '') return true;
    if (!/^https?:\/\//i.test(text)) return false;
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, FieldError.urlInvalid);

/**
 * The message of a strict object (PRODUCT.md §8: writes are strict everywhere): a key the object does
 * not have is `field.unknown`, a missing key `missing`, a value that is no object at all
 * `field.invalid_type` (or `notObject`).
 */
export function strictObjectMessage(missing: string = FieldError.invalidType, notObject?: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return FieldError.unknown;
    if (issue.kind === 'schema' && issue.path && issue.input === undefined) return missing;
    return notObject ?? FieldError.invalidType;
  };
}

/**
 * An object of a request body — the body itself and every object in it — that refuses a key it does
 * not know with `field.unknown` rather than dropping it: the one way a write is strict.
 */
export function strictObject<const E extends v.ObjectEntries>(
  entries: E,
  missing?: string,
  notObject?: string,
) {
  return v.strictObject(entries, strictObjectMessage(missing, notObject));
}

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
