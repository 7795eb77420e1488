import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';

const Schema = v.object({
  targetTypes: v.array(v.picklist(['luna', 'stella'], 'field.option_unknown')),
  name: v.string(),
  login: v.optional(v.string('login.wrong_2FA_code')),
});
const issuesOf = (input: unknown) => {
  const result = v.safeParse(Schema, input);
  return result.success ? [] : result.issues;
};

describe('fieldErrors', () => {
  it('keys a request by the whole dot path and a form by the field', () => {
    const issues = issuesOf({ targetTypes: ['luna', 'pirate'], name: 'x' });
    expect(fieldErrors(issues, 'path')).toEqual({ 'targetTypes.1': ['field.option_unknown'] });
    expect(fieldErrors(issues)).toEqual({ targetTypes: ['field.option_unknown'] });
  });

  it('keeps codes (digits and capitals after the dot too) and makes English messages field.invalid_type', () => {
    const issues = issuesOf({ targetTypes: [], name: 3, login: 4 });
    expect(fieldErrors(issues, 'path')).toEqual({
      name: ['field.invalid_type'],
      login: ['login.wrong_2FA_code'],
    });
  });

  it('keys an issue of the whole input `_`, and a client-chosen key is only a key', () => {
    expect(fieldErrors(issuesOf('terms'), 'path')).toEqual({ _: ['field.invalid_type'] });
    const issues = v.safeParse(v.object({ toString: v.number() }), { toString: 'x' }).issues ?? [];
    const fields = fieldErrors(issues, 'path');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields).toEqual({ toString: ['field.invalid_type'] });
  });
});
