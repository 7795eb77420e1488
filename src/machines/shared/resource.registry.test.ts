import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  dropResources,
  reloadResources,
  resourceActor,
  resourceData,
  visitResource,
} from './resource.machine';

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

  it('keeps the 20 most recently created tables of a session: the 21st stops the oldest', () => {
    const owner = {};
    const fetcher = async () => ({ items: [] });
    const lists = Array.from({ length: 21 }, (_, i) => resourceActor(owner, `list:${i}`, fetcher));
    expect(lists.slice(0, 1).map((l) => l.getSnapshot().status)).toEqual(['stopped']);
    expect(lists.slice(1).every((l) => l.getSnapshot().status === 'active')).toBe(true);
    // The 20 kept ones come back as they are; the stopped one is made anew.
    expect(resourceActor(owner, 'list:1', fetcher)).toBe(lists[1]);
    expect(resourceActor(owner, 'list:0', fetcher)).not.toBe(lists[0]);
    dropResources(owner);
  });

  it("drops every table of a session at logout, and only that session's", () => {
    const owner = {};
    const other = {};
    const fetcher = async () => ({ items: [] });
    const mine = [resourceActor(owner, 'a', fetcher), resourceActor(owner, 'b', fetcher)];
    const theirs = resourceActor(other, 'a', fetcher);
    dropResources(owner);
    expect(mine.map((l) => l.getSnapshot().status)).toEqual(['stopped', 'stopped']);
    expect(theirs.getSnapshot().status).toBe('active');
    expect(resourceActor(owner, 'a', fetcher)).not.toBe(mine[0]);
    // A session without tables has nothing to drop or reload.
    expect(() => dropResources({})).not.toThrow();
    expect(() => reloadResources({}, 'a')).not.toThrow();
    dropResources(owner);
    dropResources(other);
  });

  it('shows the loaded answer, and none before the first one', async () => {
    const owner = {};
    const list = resourceActor(owner, 'jobs', async () => ({ items: ['x'] }));
    expect(resourceData(list.getSnapshot())).toBeNull();
    visitResource(list, { page: 1 });
    await waitFor(list, (s) => s.matches('loaded'));
    expect(resourceData(list.getSnapshot())).toEqual({ items: ['x'] });
    dropResources(owner);
  });

  it('reloads only the keys that start with the prefix, not those that merely contain it', async () => {
    const owner = {};
    const calls: string[] = [];
    const fetcher = (key: string) => async () => {
      calls.push(key);
      return { items: [] };
    };
    const lists = [
      resourceActor(owner, 'jobs', fetcher('jobs')),
      resourceActor(owner, 'agent:jobs', fetcher('agent')),
    ];
    for (const list of lists) list.send({ type: 'resource.load', query: { page: 1 } });
    await Promise.all(lists.map((list) => waitFor(list, (s) => s.matches('loaded'))));
    calls.length = 0;
    reloadResources(owner, 'jobs');
    await Promise.all(lists.map((list) => waitFor(list, (s) => s.matches('loaded'))));
    expect(calls).toEqual(['jobs']);
    dropResources(owner);
  });
});
