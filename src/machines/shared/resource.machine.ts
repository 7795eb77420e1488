import {
  type ActorRefFrom,
  assertEvent,
  assign,
  createActor,
  fromPromise,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';
import { errorCodeOf } from '../../../contract/errors';

/** What a load asks for: a table's query as its URL holds it (search, filters, sort, page), or a record's id. */
export type ResourceQuery = Record<string, unknown>;

/** Typing pauses this long before a search goes out: one request per pause, not per key. */
export const RESOURCE_DEBOUNCE_MS = 250;

export interface ResourceContext {
  query: ResourceQuery | null;
  /** The last answer (a table's page or a record); kept while the next one loads, so the view does not go blank. */
  data: unknown;
  error: string | null;
}

export type ResourceEvent =
  | { type: 'resource.load'; query: ResourceQuery }
  | { type: 'resource.reload' }
  | { type: 'resource.retry' };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The last page of a table's answer (`total` rows, `limit` a page), when the query asked for a page
 * past it ("page 999 of 11"); null otherwise, and for answers that are no table page.
 */
function lastPageIfPast(query: ResourceQuery | null, answer: unknown): number | null {
  const page = query?.page;
  const { total, limit } = (answer ?? {}) as { total?: unknown; limit?: unknown };
  if (typeof page !== 'number' || typeof total !== 'number' || typeof limit !== 'number' || limit <= 0)
    return null;
  const last = Math.max(1, Math.ceil(total / limit));
  return page > last ? last : null;
}

/** Only the search text changed: the user is typing. */
function onlySearchChanged(previous: ResourceQuery | null, next: ResourceQuery): boolean {
  if (!previous) return false;
  const { q: before, ...restBefore } = previous;
  const { q: after, ...restAfter } = next;
  return before !== after && same(restBefore, restAfter);
}

/**
 * Every server read a screen shows — a table's page or one record (issue 12): the query arrives as
 * `resource.load` (the route's loader sends it) → loading → loaded | failed. Typing in a table's
 * search waits for a pause; the previous answer stays visible while the next one loads; the same
 * query twice loads once.
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    fetchData: fromPromise<unknown, ResourceQuery>(async () => {
      throw new Error("fetchData is provided by the feature's actors");
    }),
  },
  delays: { debounce: RESOURCE_DEBOUNCE_MS },
  actions: {
    takeQuery: assign(({ event }) => {
      assertEvent(event, 'resource.load');
      return { query: event.query };
    }),
  },
  guards: {
    isNewQuery: ({ context, event }) => event.type === 'resource.load' && !same(context.query, event.query),
    isTyping: ({ context, event }) =>
      event.type === 'resource.load' && onlySearchChanged(context.query, event.query),
  },
}).createMachine({
  id: 'resource',
  context: { query: null, data: null, error: null },
  initial: 'idle',
  on: {
    'resource.load': [
      { guard: 'isTyping', target: '.waiting', actions: 'takeQuery', reenter: true },
      { guard: 'isNewQuery', target: '.loading', actions: 'takeQuery', reenter: true },
    ],
  },
  states: {
    idle: {},
    waiting: {
      tags: ['busy'],
      after: { debounce: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchData',
        input: ({ context }) => context.query ?? {},
        onDone: [
          {
            // Past the last page: the last page is asked for instead (one place for every table;
            // the screens show the query's page, issue 22). The count stays shown meanwhile.
            guard: ({ context, event }) => lastPageIfPast(context.query, event.output) !== null,
            target: 'loading',
            reenter: true,
            actions: assign(({ context, event }) => ({
              query: { ...context.query, page: lastPageIfPast(context.query, event.output) },
              data: event.output,
              error: null,
            })),
          },
          { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    loaded: {
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      on: { 'resource.retry': 'loading', 'resource.reload': 'loading' },
    },
  },
});

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;
export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** What a view shows: the loaded answer, or the previous one while the next loads. */
export function resourceData<T>(snapshot: ResourceSnapshot): T | null {
  return (snapshot.context.data as T | null) ?? null;
}

/** The page a table shows: the query's, which the machine clamps to the last page (else `fallback`). */
export function shownPage(snapshot: ResourceSnapshot, fallback: number): number {
  const page = snapshot.context.query?.page;
  return typeof page === 'number' ? page : fallback;
}

const registries = new WeakMap<object, Map<string, ResourceActor>>();
const KEEP = 20;

/**
 * The resource actors of one signed-in session, one per table or record (key), created at a route's first load
 * and kept across navigations, so going back shows the table at once; dropped at logout.
 */
export function resourceActor(
  owner: object,
  key: string,
  fetchData: (query: ResourceQuery) => Promise<unknown>,
): ResourceActor {
  let actors = registries.get(owner);
  if (!actors) {
    actors = new Map();
    registries.set(owner, actors);
  }
  const known = actors.get(key);
  if (known) return known;
  const actor = createActor(
    resourceMachine.provide({ actors: { fetchData: fromPromise(({ input }) => fetchData(input)) } }),
  ).start();
  actors.set(key, actor);
  if (actors.size > KEEP) {
    const [oldest, old] = actors.entries().next().value as [string, ResourceActor];
    old.stop();
    actors.delete(oldest);
  }
  return actor;
}

/**
 * A visit to a resource's screen (a route loader): loads the URL's query, and the same query again when
 * it is already shown — the last answer stays visible while the fresh one loads, so a revisited table
 * shows what others changed meanwhile. While a load or a typing pause is under way nothing is added.
 */
export function visitResource(resource: ResourceActor, query: ResourceQuery): ResourceActor {
  resource.send({ type: 'resource.load', query });
  resource.send({ type: 'resource.reload' });
  return resource;
}

/** Drops every resource actor of a session (logout). */
export function dropResources(owner: object): void {
  for (const actor of registries.get(owner)?.values() ?? []) actor.stop();
  registries.delete(owner);
}

/** Reloads the resource actors of a session whose key starts with `prefix` (their data changed elsewhere). */
export function reloadResources(owner: object, prefix: string): void {
  for (const [key, actor] of registries.get(owner) ?? []) {
    if (key.startsWith(prefix)) actor.send({ type: 'resource.reload' });
  }
}

/**
 * A resource's answer once the load under way (or, `fresh`, a new one) is over; a failed load rejects
 * with its error code. For a machine that starts from what a page loads (an agent's edit form).
 */
export async function settledResource<T>(resource: ResourceActor, fresh: boolean): Promise<T> {
  if (fresh && !resource.getSnapshot().hasTag('busy')) resource.send({ type: 'resource.reload' });
  const settled = await waitFor(resource, (s) => !s.hasTag('busy') && !s.matches('idle'));
  if (settled.matches('failed'))
    throw Object.assign(new Error('load failed'), { code: settled.context.error });
  return resourceData<T>(settled) as T;
}
