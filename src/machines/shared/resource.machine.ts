import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { ApiRoute } from '../../../contract/route-table';

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

/**
 * A resource's snapshot with its answer typed: what `useSelector(resource, (s) => s)` hands a view,
 * and what `resourceData` reads the answer from.
 */
export type ResourceSnapshot<T = unknown> = SnapshotFrom<typeof resourceMachine> & {
  context: { data: T | null };
};

/**
 * A resource actor whose answers are `T`, the answer type of the fetch it was made with
 * (`resourceActor`); a view's prop or a selector reads the type from it, no call site names it.
 */
export type Resource<T = unknown> = Omit<ActorRefFrom<typeof resourceMachine>, 'getSnapshot'> & {
  getSnapshot(): ResourceSnapshot<T>;
};

/** Any resource, whatever it answers (the load's status line). */
export type ResourceActor = Resource<unknown>;

/** What a view shows: the loaded answer, or the previous one while the next loads; null before the first. */
export function resourceData<T>(snapshot: ResourceSnapshot<T>): T | null {
  return snapshot.context.data ?? null;
}

/** The page a table shows: the query's, which the machine clamps to the last page (else `fallback`). */
export function shownPage(snapshot: ResourceSnapshot, fallback: number): number {
  const page = snapshot.context.query?.page;
  return typeof page === 'number' ? page : fallback;
}

/**
 * Which GET route of the table (contract/endpoints/) a resource reads, with which path parameters:
 * its key in the session's registry (resource-registry.ts), and what a change's `invalidates` finds
 * it by.
 */
export interface ResourceRead {
  route: ApiRoute;
  /** Path parameters (a record's id): a change that names one with another value leaves it alone. */
  params?: Readonly<Record<string, string>>;
  /** Tells apart resources of one route kept side by side (the candidate tables of each type). */
  part?: string;
}

/** One resource a session keeps, with what it reads. */
export interface KeptResource {
  actor: ResourceActor;
  read: ResourceRead;
}

/**
 * The resources of each signed-in session, by its API client, filled by resource-registry.ts. The
 * map lives here, in a module the build never copies (scripts/vite-inline-chunks.ts): the registry's
 * code may run from several chunks, its sessions exist once.
 */
export const resourceRegistries = new WeakMap<
  object,
  { kept: Map<string, KeptResource>; stopListening: () => void }
>();
