import { describe, expect, it } from 'vitest';
import { API_ROUTES } from './endpoint-list';
import { route } from './route-table';

const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('what a change invalidates (docs/decisions/0035)', () => {
  it('is declared by changes only, and names GET routes of the table only', () => {
    const changes = API_ROUTES.filter((r) => r.invalidates);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.method, name(change)).not.toBe('GET');
      const reads = change.invalidates?.() ?? [];
      expect(reads.length, name(change)).toBeGreaterThan(0);
      for (const read of reads) {
        expect(API_ROUTES.includes(read), `${name(change)} → ${name(read)} is in the table`).toBe(true);
        expect(read.method, `${name(change)} → ${name(read)}`).toBe('GET');
      }
    }
  });

  it('refuses a read that says it invalidates something', () => {
    const read = { method: 'GET', answer: { status: 200 }, who: 'agent', tag: 'jobs', summary: 's' } as const;
    expect(() => route({ ...read, path: '/api/x', invalidates: () => [] })).toThrow('a read changes nothing');
  });
});
