import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { dropResources, reloadResources, resourceActor, visitResource } from './resource.machine';

describe('the resource actors of a session', () => {
  it('reloads the loaded lists whose key starts with the prefix, and only those', async () => {
    const owner = {};
    const calls: string[] = [];
    const fetcher = (key: string) => async () => {
      calls.push(key);
      return { items: [] };
    };
    const stellas = resourceActor(owner, 'candidates:stella', fetcher('stella'));
    const lunas = resourceActor(owner, 'candidates:luna', fetcher('luna'));
    const jobs = resourceActor(owner, 'jobs', fetcher('jobs'));
    // Never loaded: a reload has nothing to repeat.
    resourceActor(owner, 'candidates:nova', fetcher('nova'));
    for (const list of [stellas, lunas, jobs]) list.send({ type: 'resource.load', query: { page: 1 } });
    await Promise.all([stellas, lunas, jobs].map((list) => waitFor(list, (s) => s.matches('loaded'))));
    calls.length = 0;

    reloadResources(owner, 'candidates:');
    await Promise.all([stellas, lunas].map((list) => waitFor(list, (s) => s.matches('loaded'))));
    expect(calls.sort()).toEqual(['luna', 'stella']);
    // The same actor comes back for the same key: the table shows at once when revisited.
    expect(resourceActor(owner, 'candidates:stella', fetcher('other'))).toBe(stellas);
    dropResources(owner);
  });

  it('loads a revisited table again with its last page still shown, but once per visit however the loader repeats', async () => {
    const owner = {};
    const queries: unknown[] = [];
    let answer = 0;
    const list = resourceActor(owner, 'jobs', async (query) => {
      queries.push(query);
      answer += 1;
      return { items: [answer] };
    });
    visitResource(list, { page: 1 });
    visitResource(list, { page: 1 }); // the loader runs twice for one navigation (preload, then load)
    await waitFor(list, (s) => s.matches('loaded'));
    expect(queries).toEqual([{ page: 1 }]);

    // A later visit with the same query: the first page stays while the fresh one loads.
    visitResource(list, { page: 1 });
    expect(list.getSnapshot().hasTag('busy')).toBe(true);
    expect(list.getSnapshot().context.data).toEqual({ items: [1] });
    await waitFor(list, (s) => s.matches('loaded'));
    expect(list.getSnapshot().context.data).toEqual({ items: [2] });
    expect(queries).toEqual([{ page: 1 }, { page: 1 }]);
    dropResources(owner);
  });
});
