import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CandidateListSearchSchema, effectiveOrder } from './candidate-search';

describe('the candidate tables’ URL state', () => {
  it('fills the defaults for a bare address', () => {
    expect(v.parse(CandidateListSearchSchema, {})).toEqual({
      q: '',
      status: undefined,
      assigned: 'any',
      registration: undefined,
      created: undefined,
      sort: 'updated',
      order: undefined,
      page: 1,
    });
  });

  it('keeps a shared link’s search, filters, sort and page', () => {
    const search = {
      q: 'TypeScript',
      status: 'inactive',
      assigned: 'none',
      registration: 'unfinished',
      created: 'week',
      sort: 'name',
      order: 'desc',
      page: 3,
    };
    expect(v.parse(CandidateListSearchSchema, search)).toEqual(search);
  });

  it('falls back value by value instead of failing the page on a hand-edited address', () => {
    expect(
      v.parse(CandidateListSearchSchema, {
        q: 'x'.repeat(101),
        status: 'gone',
        assigned: 'everyone',
        registration: 'maybe',
        created: 'yesterday',
        sort: 'salary',
        order: 'up',
        page: 0,
      }),
    ).toEqual(v.parse(CandidateListSearchSchema, {}));
  });

  it('names the direction the server sorts in when the address names none', () => {
    expect(effectiveOrder({ sort: 'name', order: undefined })).toBe('asc');
    expect(effectiveOrder({ sort: 'updated', order: undefined })).toBe('desc');
    expect(effectiveOrder({ sort: 'completeness', order: undefined })).toBe('desc');
    expect(effectiveOrder({ sort: 'name', order: 'desc' })).toBe('desc');
  });
});
