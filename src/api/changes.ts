import type { ApiRoute } from '../../contract/route-table';

// What a change invalidates is declared on its route (`invalidates`, docs/decisions/0035); `send`
// announces each change here, and the session's end (main.tsx); whatever keeps loaded answers for
// this client (the resource registry of src/machines) listens. A module of its own: src/api may not
// import src/machines, and the login page needs no more than this of the loading.

/** The values a change named: its path parameters, then its query's and body's top-level fields. */
export type ChangedValues = Readonly<Record<string, unknown>>;

/** What keeps loaded answers for a client: told of each change and of the session's end. */
export interface ChangeListener {
  /** A call changed data: the GET routes it invalidates and the values it named. */
  changed(routes: readonly ApiRoute[], values: ChangedValues): void;
  /** The session ended (logout): what was kept for it goes. */
  ended(): void;
}

const listeners = new WeakMap<object, Set<ChangeListener>>();

/** Listens to the changes made through `api`; answers the function that stops listening. */
export function listenToChanges(api: object, listener: ChangeListener): () => void {
  let set = listeners.get(api);
  if (!set) {
    set = new Set();
    listeners.set(api, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** A call of `route` through `api` changed data: its listeners hear of the routes it invalidates. */
export function announceChange(
  api: object,
  route: ApiRoute,
  input: { params?: object | undefined; query?: object | undefined; body?: object | undefined },
): void {
  const routes = route.invalidates?.();
  const set = listeners.get(api);
  if (!routes?.length || !set?.size) return;
  const values: ChangedValues = { ...input.body, ...input.query, ...input.params };
  for (const listener of set) listener.changed(routes, values);
}

/** The session of `api` ended (logout): its listeners drop what they kept, and stop listening. */
export function announceEnd(api: object): void {
  const set = listeners.get(api);
  listeners.delete(api);
  for (const listener of set ?? []) listener.ended();
}
