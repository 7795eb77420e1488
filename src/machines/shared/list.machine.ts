import {
  type ActorRefFrom,
  assertEvent,
  assign,
  createActor,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate';

/** A table's query as its URL holds it (search, filters, sort, page). */
export type ListQuery = Record<string, unknown>;

/** Typing pauses this long before a search goes out: one request per pause, not per key. */
export const LIST_DEBOUNCE_MS = 250;

export interface ListContext {
  query: ListQuery | null;
  /** The last page loaded; kept while the next one loads, so the table does not go blank. */
  page: unknown;
  error: string | null;
}

export type ListEvent =
  | { type: 'list.load'; query: ListQuery }
  | { type: 'list.reload' }
  | { type: 'list.retry' };

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'network.unreachable';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the search text changed: the user is typing. */
function onlySearchChanged(previous: ListQuery | null, next: ListQuery): boolean {
  if (!previous) return false;
  const { q: before, ...restBefore } = previous;
  const { q: after, ...restAfter } = next;
  return before !== after && same(restBefore, restAfter);
}

/**
 * Every table of the app (issue 12): the URL's query arrives as `list.load` (the route's loader sends
 * it) → loading → loaded | failed. Typing in the search waits for a pause; the previous page stays
 * visible while the next one loads; the same query twice loads once.
 */
export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
  },
  actors: {
    fetchPage: fromPromise<unknown, ListQuery>(async () => {
      throw new Error('fetchPage is provided by the screen');
    }),
  },
  delays: { debounce: LIST_DEBOUNCE_MS },
  actions: {
    takeQuery: assign(({ event }) => {
      assertEvent(event, 'list.load');
      return { query: event.query };
    }),
  },
  guards: {
    isNewQuery: ({ context, event }) => event.type === 'list.load' && !same(context.query, event.query),
    isTyping: ({ context, event }) =>
      event.type === 'list.load' && onlySearchChanged(context.query, event.query),
  },
}).createMachine({
  id: 'list',
  context: { query: null, page: null, error: null },
  initial: 'idle',
  on: {
    'list.load': [
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
        src: 'fetchPage',
        input: ({ context }) => context.query ?? {},
        onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    loaded: {
      on: { 'list.reload': 'loading' },
    },
    failed: {
      on: { 'list.retry': 'loading', 'list.reload': 'loading' },
    },
  },
});

export type ListActor = ActorRefFrom<typeof listMachine>;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The page a list shows: the loaded one, or the previous one while the next loads. */
export function listPage<T>(snapshot: ListSnapshot): T | null {
  return (snapshot.context.page as T | null) ?? null;
}

const registries = new WeakMap<object, Map<string, ListActor>>();
const KEEP = 20;

/**
 * The list actors of one signed-in session, one per table (key), created at a route's first load
 * and kept across navigations, so going back shows the table at once; dropped at logout.
 */
export function listActor(
  owner: object,
  key: string,
  fetchPage: (query: ListQuery) => Promise<unknown>,
): ListActor {
  let lists = registries.get(owner);
  if (!lists) {
    lists = new Map();
    registries.set(owner, lists);
  }
  const known = lists.get(key);
  if (known) return known;
  const actor = createActor(
    listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) } }),
  ).start();
  lists.set(key, actor);
  if (lists.size > KEEP) {
    const [oldest, old] = lists.entries().next().value as [string, ListActor];
    old.stop();
    lists.delete(oldest);
  }
  return actor;
}

/**
 * A visit to a list's screen (a route loader): loads the URL's query, and the same query again when
 * it is already shown — the last answer stays visible while the fresh one loads, so a revisited table
 * shows what others changed meanwhile. While a load or a typing pause is under way nothing is added.
 */
export function visitList(list: ListActor, query: ListQuery): ListActor {
  list.send({ type: 'list.load', query });
  list.send({ type: 'list.reload' });
  return list;
}

/** Drops every list of a session (logout). */
export function dropLists(owner: object): void {
  for (const actor of registries.get(owner)?.values() ?? []) actor.stop();
  registries.delete(owner);
}

/** Reloads the lists of a session whose key starts with `prefix` (their data changed elsewhere). */
export function reloadLists(owner: object, prefix: string): void {
  for (const [key, actor] of registries.get(owner) ?? []) {
    if (key.startsWith(prefix)) actor.send({ type: 'list.reload' });
  }
}
