import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ID, pathOf, route } from './route-table';

describe('the route table', () => {
  it('fills a path with its parameters, each encoded', () => {
    expect(pathOf('/api/agent/team/{uuid}/reassign', { uuid: 'a/b c' })).toBe(
      '/api/agent/team/a%2Fb%20c/reassign',
    );
    expect(() => pathOf('/api/job/{uuid}', {})).toThrow('{uuid}');
  });

  it('refuses a route whose path parameter is not declared, or an id without its 404', () => {
    const base = { method: 'GET', answer: { status: 200 }, who: 'agent', tag: 'jobs', summary: 's' } as const;
    expect(() => route({ ...base, path: '/api/job/{uuid}' } as never)).toThrow('{uuid} is not declared');
    expect(() => route({ ...base, path: '/api/job/{uuid}', params: { uuid: ID } })).toThrow('404');
    const ok = route({
      ...base,
      path: '/api/agent/card/{uuid}/{format}',
      params: { uuid: ID, format: v.picklist(['full', 'anonymised']) },
      errors: { 404: ['profile.not_found'] },
    });
    expect(Object.keys(ok.params)).toEqual(['uuid', 'format']);
  });
});
