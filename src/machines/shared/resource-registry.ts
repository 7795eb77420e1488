import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRoute } from '../../../contract/route-table';
import { type ChangedValues, listenToChanges } from '../../api/changes';
import {
  type KeptResource,
  type Resource,
  type ResourceQuery,
  type ResourceRead,
  resourceRegistries as registries,
  resourceMachine,
} from './resource.machine';

// The session's resources (docs/decisions/0035): one per GET route read, kept across navigations,
// reloaded by the changes whose routes invalidate them, dropped at logout. Apart from
// resource.machine.ts, which views read and the login's shared chunk carries: only the features'
// providers (`*-actors.ts`) make resources, and they load after the login.

// No state of its own: the build may copy this module into each provider's chunk, and every copy
// keeps the session's resources in the one registry map of resource.machine.ts.

const KEEP = 20;

const keyOf = ({ route, params, part }: ResourceRead) =>
  `${route.method} ${route.path} ${JSON.stringify(params ?? {})} ${part ?? ''}`;

/** Whether a change that invalidates `routes` and named `values` makes a resource's answer stale. */
export function isChangedBy(read: ResourceRead, routes: readonly ApiRoute[], values: ChangedValues): boolean {
  if (!routes.includes(read.route)) return false;
  return Object.entries(read.params ?? {}).every(
    ([name, value]) => values[name] === undefined || values[name] === value,
  );
}

function registryOf(owner: object) {
  let registry = registries.get(owner);
  if (!registry) {
    const kept = new Map<string, KeptResource>();
    // A change made through this client (`send`, src/api/changes.ts) reloads what its route
    // invalidates; the session's end (main.tsx) drops them all.
    const stopListening = listenToChanges(owner, {
      changed: (routes, values) => {
        for (const { actor, read } of kept.values())
          if (isChangedBy(read, routes, values)) actor.send({ type: 'resource.reload' });
      },
      ended: () => dropResources(owner),
    });
    registry = { kept, stopListening };
    registries.set(owner, registry);
  }
  return registry;
}

/**
 * The resource of one GET route (and path parameters) in a signed-in session (`owner`: its API
 * client), created at a route's first load and kept across navigations, so going back shows the
 * table at once; the 20 most recent are kept, all dropped at logout. A change whose route
 * `invalidates` the route reloads it (docs/decisions/0035).
 */
export function resourceActor<T>(
  owner: object,
  read: ResourceRead,
  fetchData: (query: ResourceQuery) => Promise<T>,
): Resource<T> {
  const { kept } = registryOf(owner);
  const key = keyOf(read);
  let resource = kept.get(key)?.actor;
  if (!resource) {
    resource = createActor(
      resourceMachine.provide({ actors: { fetchData: fromPromise(({ input }) => fetchData(input)) } }),
    ).start();
    if (kept.size >= KEEP) {
      const [oldest, old] = kept.entries().next().value as [string, KeptResource];
      old.actor.stop();
      kept.delete(oldest);
    }
    kept.set(key, { actor: resource, read });
  }
  // The one cast of the loading technique, and sound: the machine's only writer of `context.data` is
  // the `fetchData` it was made with (done → `event.output`), which answers T; before an answer it
  // is null. A kept resource was made by the first caller for this key, and the key names the GET
  // route read, whose fetch answers what the route answers.
  return resource as Resource<T>;
}

/**
 * A visit to a resource's screen (a route loader): loads the URL's query, and the same query again when
 * it is already shown — the last answer stays visible while the fresh one loads, so a revisited table
 * shows what others changed meanwhile. While a load or a typing pause is under way nothing is added.
 */
export function visitResource<T>(resource: Resource<T>, query: ResourceQuery): Resource<T> {
  resource.send({ type: 'resource.load', query });
  resource.send({ type: 'resource.reload' });
  return resource;
}

/** Drops every resource actor of a session (logout). */
export function dropResources(owner: object): void {
  const registry = registries.get(owner);
  if (!registry) return;
  registry.stopListening();
  for (const { actor } of registry.kept.values()) actor.stop();
  registries.delete(owner);
}

/**
 * A resource's answer once the load under way (or, `fresh`, a new one) is over; a failed load rejects
 * with its error code. For a machine that starts from what a page loads (an agent's edit form).
 */
export async function settledResource<T>(resource: Resource<T>, fresh: boolean): Promise<T> {
  if (fresh && !resource.getSnapshot().hasTag('busy')) resource.send({ type: 'resource.reload' });
  const settled = await waitFor(resource, (s) => !s.hasTag('busy') && !s.matches('idle'));
  if (settled.matches('failed'))
    throw Object.assign(new Error('load failed'), { code: settled.context.error });
  const data = resource.getSnapshot().context.data;
  if (data === null) throw new Error('the load answered nothing');
  return data;
}
