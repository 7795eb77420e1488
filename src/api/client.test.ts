import { describe, expect, it } from 'vitest';
import { queryParams } from './client';

describe('queryParams', () => {
  it('sends a list query as strings and leaves the unset filters out, but not 0 or false', () => {
    expect(
      queryParams({ q: '', status: undefined, agent: null, page: 0, shortlisted: false, sort: 'name' }),
    ).toEqual({
      page: '0',
      shortlisted: 'false',
      sort: 'name',
    });
  });
});
