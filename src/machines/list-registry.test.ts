import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { dropLists, listActor, reloadLists } from './list.machine';

describe('the list actors of a session', () => {
  it('reloads the loaded lists whose key starts with the prefix, and only those', async () => {
    const owner = {};
    const calls: string[] = [];
    const fetcher = (key: string) => async () => {
      calls.push(key);
      return { items: [] };
    };
    const stellas = listActor(owner, 'candidates:stella', fetcher('stella'));
    const lunas = listActor(owner, 'candidates:luna', fetcher('luna'));
    const jobs = listActor(owner, 'jobs', fetcher('jobs'));
    // Never loaded: a reload has nothing to repeat.
    listActor(owner, 'candidates:nova', fetcher('nova'));
    for (const list of [stellas, lunas, jobs]) list.send({ type: 'list.load', query: { page: 1 } });
    await Promise.all([stellas, lunas, jobs].map((list) => waitFor(list, (s) => s.matches('loaded'))));
    calls.length = 0;

    reloadLists(owner, 'candidates:');
    await Promise.all([stellas, lunas].map((list) => waitFor(list, (s) => s.matches('loaded'))));
    expect(calls.sort()).toEqual(['luna', 'stella']);
    // The same actor comes back for the same key: the table shows at once when revisited.
    expect(listActor(owner, 'candidates:stella', fetcher('other'))).toBe(stellas);
    dropLists(owner);
  });
});
