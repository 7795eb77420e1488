import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { waitFor } from 'xstate';
import { ID, route } from '../../../contract/route-table';
import { announceEnd } from '../../api/changes';
import { type ApiClient, ApiError, send } from '../../api/client';
import { type ResourceActor, resourceData } from './resource.machine';
import { dropResources, resourceActor, settledResource, visitResource } from './resource-registry';

const Items = v.object({ items: v.array(v.string()) });
const common = { answer: { status: 200, json: Items }, who: 'agent', tag: 'jobs', summary: 's' } as const;
const LIST = route({ ...common, method: 'GET', path: '/api/things' });
const READ = route({
  ...common,
  method: 'GET',
  path: '/api/thing/{uuid}',
  params: { uuid: ID },
  errors: { 404: ['job.not_found'] },
});
const OTHER = route({ ...common, method: 'GET', path: '/api/others' });
/** A change of one thing: the list and that thing's page are stale, nothing else. */
const CHANGE = route({
  ...common,
  method: 'POST',
  path: '/api/thing/{uuid}',
  params: { uuid: ID },
  errors: { 404: ['job.not_found'] },
  invalidates: () => [LIST, READ],
});

/** An API client whose calls answer `{ items: [] }`, or fail with `failWith`'s status. */
function fakeApi(failWith?: number): ApiClient {
  const answer = async <T>() => {
    if (failWith) throw new ApiError(failWith, 'request.invalid', 'refused');
    return { items: [] } as T;
  };
  const unused = () => Promise.reject(new Error('not in this test'));
  return { call: answer, anonymous: answer, blob: unused, upload: unused, stream: unused };
}

/** Four loaded resources of `api`'s session, each fetch noted in `calls` by its name. */
async function loaded(api: ApiClient) {
  const calls: string[] = [];
  const fetcher = (name: string) => async () => {
    calls.push(name);
    return { items: [name] };
  };
  const resources = {
    list: resourceActor(api, { route: LIST }, fetcher('list')),
    a: resourceActor(api, { route: READ, params: { uuid: 'a' } }, fetcher('a')),
    b: resourceActor(api, { route: READ, params: { uuid: 'b' } }, fetcher('b')),
    other: resourceActor(api, { route: OTHER }, fetcher('other')),
  };
  const all: ResourceActor[] = Object.values(resources);
  for (const resource of all) visitResource(resource, {});
  await Promise.all(all.map((r) => waitFor(r, (s) => s.matches('loaded'))));
  calls.length = 0;
  const settled = () => Promise.all(all.map((r) => waitFor(r, (s) => s.matches('loaded'))));
  return { resources, calls, settled };
}

describe('the resource actors of a session', () => {
  it("types a resource's answer from its fetch: views and settled loads read it without naming it", async () => {
    const owner = {};
    const list = resourceActor(owner, { route: LIST }, async () => ({ items: ['x'], total: 1 }));
    expectTypeOf(resourceData(list.getSnapshot())).toEqualTypeOf<{ items: string[]; total: number } | null>();
    expect(resourceData(list.getSnapshot())).toBeNull();
    visitResource(list, { page: 1 });
    const answer = await settledResource(list, false);
    expectTypeOf(answer).toEqualTypeOf<{ items: string[]; total: number }>();
    expect(answer).toEqual({ items: ['x'], total: 1 });
    expect(resourceData(list.getSnapshot())).toEqual({ items: ['x'], total: 1 });
    dropResources(owner);
  });

  it('rejects a settled load that failed with its error code', async () => {
    const owner = {};
    const record = resourceActor(owner, { route: LIST }, async () => {
      throw new ApiError(404, 'job.not_found', 'gone');
    });
    record.send({ type: 'resource.load', query: {} });
    await expect(settledResource(record, false)).rejects.toMatchObject({ code: 'job.not_found' });
    dropResources(owner);
  });

  it("reloads, after a change, exactly the resources its route invalidates with the change's ids", async () => {
    const api = fakeApi();
    const { calls, settled } = await loaded(api);
    await send(api, CHANGE, { params: { uuid: 'a' } });
    await settled();
    // The list (no id) and thing a; thing b named another id, `others` is not invalidated.
    expect(calls.sort()).toEqual(['a', 'list']);
    dropResources(api);
  });

  it('reloads nothing when the change fails, and what the route invalidates when it answers 409', async () => {
    const refused = fakeApi(400);
    const before = await loaded(refused);
    await expect(send(refused, CHANGE, { params: { uuid: 'a' } })).rejects.toMatchObject({ status: 400 });
    await before.settled();
    expect(before.calls).toEqual([]);
    dropResources(refused);

    // Someone changed it first: what the screens show is stale, as after a success.
    const conflict = fakeApi(409);
    const after = await loaded(conflict);
    await expect(send(conflict, CHANGE, { params: { uuid: 'b' } })).rejects.toMatchObject({ status: 409 });
    await after.settled();
    expect(after.calls.sort()).toEqual(['b', 'list']);
    dropResources(conflict);
  });

  it("hears only its own session's changes, and none once its session ended (logout, main.tsx)", async () => {
    const mine = fakeApi();
    const theirs = fakeApi();
    const { calls, settled } = await loaded(mine);
    await send(theirs, CHANGE, { params: { uuid: 'a' } });
    await settled();
    expect(calls).toEqual([]);
    const { resources } = await loaded(theirs);
    announceEnd(theirs);
    expect(Object.values(resources).map((r) => r.getSnapshot().status)).toEqual([
      'stopped',
      'stopped',
      'stopped',
      'stopped',
    ]);
    let loads = 0;
    const fresh = resourceActor(theirs, { route: LIST }, async () => ({ items: [String(++loads)] }));
    expect(fresh).not.toBe(resources.list);
    visitResource(fresh, {});
    await waitFor(fresh, (s) => s.matches('loaded'));
    // The next session's registry listens again.
    await send(theirs, CHANGE, { params: { uuid: 'a' } });
    await waitFor(fresh, (s) => s.matches('loaded'));
    expect(loads).toBe(2);
    dropResources(theirs);
    dropResources(mine);
  });

  it('keeps one actor per route, ids and part: the same comes back, a candidate type gets its own', async () => {
    const owner = {};
    const fetcher = async () => ({ items: [] });
    const stellas = resourceActor(owner, { route: LIST, part: 'stella' }, fetcher);
    const lunas = resourceActor(owner, { route: LIST, part: 'luna' }, fetcher);
    expect(lunas).not.toBe(stellas);
    expect(resourceActor(owner, { route: LIST, part: 'stella' }, fetcher)).toBe(stellas);
    const a = resourceActor(owner, { route: READ, params: { uuid: 'a' } }, fetcher);
    expect(resourceActor(owner, { route: READ, params: { uuid: 'a' } }, fetcher)).toBe(a);
    expect(resourceActor(owner, { route: READ, params: { uuid: 'b' } }, fetcher)).not.toBe(a);
    dropResources(owner);
  });

  it('loads a revisited table again with its last page still shown, but once per visit however the loader repeats', async () => {
    const owner = {};
    const queries: unknown[] = [];
    let answer = 0;
    const list = resourceActor(owner, { route: LIST }, async (query) => {
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
    expect(resourceData(list.getSnapshot())).toEqual({ items: [1] });
    await waitFor(list, (s) => s.matches('loaded'));
    expect(resourceData(list.getSnapshot())).toEqual({ items: [2] });
    expect(queries).toEqual([{ page: 1 }, { page: 1 }]);
    dropResources(owner);
  });

  it('keeps the 20 most recently created tables of a session: the 21st stops the oldest', () => {
    const owner = {};
    const fetcher = async () => ({ items: [] });
    const read = (i: number) => ({ route: READ, params: { uuid: String(i) } });
    const lists = Array.from({ length: 21 }, (_, i) => resourceActor(owner, read(i), fetcher));
    expect(lists.slice(0, 1).map((l) => l.getSnapshot().status)).toEqual(['stopped']);
    expect(lists.slice(1).every((l) => l.getSnapshot().status === 'active')).toBe(true);
    // The 20 kept ones come back as they are; the stopped one is made anew.
    expect(resourceActor(owner, read(1), fetcher)).toBe(lists[1]);
    expect(resourceActor(owner, read(0), fetcher)).not.toBe(lists[0]);
    dropResources(owner);
  });

  it("drops every table of a session at logout, and only that session's", () => {
    const owner = {};
    const other = {};
    const fetcher = async () => ({ items: [] });
    const mine = [
      resourceActor(owner, { route: LIST }, fetcher),
      resourceActor(owner, { route: OTHER }, fetcher),
    ];
    const theirs = resourceActor(other, { route: LIST }, fetcher);
    dropResources(owner);
    expect(mine.map((l) => l.getSnapshot().status)).toEqual(['stopped', 'stopped']);
    expect(theirs.getSnapshot().status).toBe('active');
    expect(resourceActor(owner, { route: LIST }, fetcher)).not.toBe(mine[0]);
    // A session without tables has nothing to drop.
    expect(() => dropResources({})).not.toThrow();
    dropResources(owner);
    dropResources(other);
  });
});
