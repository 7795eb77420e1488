import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { CHUNK_AUDIENCES, type ChunkAudience } from '../contract/page-meta.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../server/http/route-preloads.ts';
import { initialChunks } from './chunk-sizes.ts';
import { type ChunkNode, chunkNodes } from './vite-chunk-graph.ts';

/** Every route file under `dir`, relative to the project root (`src/routes/…`). */
function routeFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(root, path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The route files the router matches for a leaf route file, root first: `__root`, each folder's
 * layout (`_protected.tsx` beside `_protected/`) and a flat parent (`stellas.tsx` beside
 * `stellas.index.tsx`), where they exist.
 */
export function routeChain(file: string, all: ReadonlySet<string>): string[] {
  const parts = file
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split('/');
  const chain = ['src/routes/__root.tsx'];
  for (let i = 1; i < parts.length; i++) chain.push(`src/routes/${parts.slice(0, i).join('/')}.tsx`);
  const dir = parts.slice(0, -1).join('/');
  const dots = (parts.at(-1) ?? '').split('.');
  for (let j = 1; j < dots.length; j++)
    chain.push(`src/routes/${dir ? `${dir}/` : ''}${dots.slice(0, j).join('.')}.tsx`);
  chain.push(file);
  return [...new Set(chain)].filter((route) => all.has(route));
}

/** The address pattern of a route file (TanStack's file naming: `_x` pathless, `index`, `$param`). */
export function routePattern(file: string): string {
  const segments = file
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => (segment === '$' ? '.*' : segment.startsWith('$') ? '[^/]+' : segment));
  return segments.length === 0 ? '^/$' : `^/${segments.join('/')}/?$`;
}

/**
 * The chunks to preload for each address, beside the entry (which the page's script tag and Vite's
 * own modulepreloads load): the app, the route chunks, and under `_protected` the session's check and
 * the protected group's preload (src/boot.ts imports them for a signed-in visitor). Static addresses
 * first, so `/stellas/new` is not taken for `/stellas/$uuid`.
 */
export function routePreloads(graph: ChunkNode[], routes: readonly string[]): RoutePreload[] {
  const all = new Set(routes);
  const entry = new Set(initialChunks(graph, [], false));
  // The chunk holding a module: rolldown names no facade for some (src/api/keys.ts shares its chunk).
  const byModule = (module: string) =>
    graph.find((chunk) => chunk.facade === module || chunk.modules?.includes(module))?.fileName;
  // A worker's script loads itself (src/boot.ts starts it): a module preload would fetch it twice.
  const workers = new Set(graph.filter((chunk) => chunk.worker).map((chunk) => chunk.fileName));
  // Not the root, the layouts (`_x`), nor a route's own modules (`-name.tsx`, which TanStack skips).
  const leaves = routes.filter(
    (file) =>
      !file.endsWith('__root.tsx') && !/(^|\/)[_-][^/]*\.tsx$/.test(file.replace(/^src\/routes\//, '')),
  );
  return leaves
    .map((file) => {
      const chain = routeChain(file, all);
      const files = initialChunks(graph, chain, true);
      const byName = new Map(graph.map((chunk) => [chunk.fileName, chunk]));
      const closure = (name: string, into: string[]) => {
        if (into.includes(name)) return;
        into.push(name);
        for (const imported of byName.get(name)?.imports ?? []) closure(imported, into);
      };
      if (chain.includes('src/routes/_protected.tsx')) {
        const extra = ['src/api/keys.ts', 'src/machines/shell/signed-in-preload.ts']
          .map(byModule)
          .filter((name): name is string => name !== undefined);
        for (const name of extra) closure(name, files);
      }
      // A route's loader may load one of the route's own modules (`-name.tsx` beside it): they load
      // with the route. One named for a kind of user (`-dashboard-agent.tsx`) only for that kind, with
      // what it alone imports: an agent's dashboard does not fetch the company's and the candidate's.
      const own = [...files].flatMap((name) =>
        (byName.get(name)?.dynamicImports ?? []).filter((dynamic) =>
          /^src\/routes\/(.*\/)?-[^/]+\.tsx$/.test(byName.get(dynamic)?.facade ?? ''),
        ),
      );
      const audienceOf = (name: string) =>
        CHUNK_AUDIENCES.find((audience) => byName.get(name)?.facade?.endsWith(`-${audience}.tsx`));
      // The modules for every kind (the results' board and timeline, drawn after the results) come
      // last: over HTTP/1.1's six connections they would otherwise share the line with what the
      // first render needs (a kind's own part is what its loader waits for).
      const later: string[] = [];
      for (const dynamic of own) if (!audienceOf(dynamic)) closure(dynamic, later);
      const audiences: Record<string, ChunkAudience[]> = {};
      const shared = new Set([...files, ...later]);
      for (const dynamic of own) {
        const audience = audienceOf(dynamic);
        if (!audience) continue;
        const tag = (name: string) => {
          if (shared.has(name) || audiences[name]?.includes(audience)) return;
          if (!files.includes(name)) files.push(name);
          audiences[name] = [...(audiences[name] ?? []), audience];
          for (const imported of byName.get(name)?.imports ?? []) tag(imported);
        };
        tag(dynamic);
      }
      for (const name of later) if (!files.includes(name)) files.push(name);
      const preload: RoutePreload = {
        pattern: routePattern(file),
        files: files.filter((name) => !entry.has(name) && !workers.has(name)),
      };
      const tagged = Object.entries(audiences).filter(([name]) => !entry.has(name));
      if (tagged.length > 0) preload.audiences = Object.fromEntries(tagged);
      return preload;
    })
    .sort(
      (a, b) => (a.pattern.match(/\[\^\/\]\+/g)?.length ?? 0) - (b.pattern.match(/\[\^\/\]\+/g)?.length ?? 0),
    );
}

/** Writes `dist/route-preloads.json` (server/http/spa-document.ts reads it) from the build's chunks. */
export function routePreloadList(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matchwerk-route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const graph = chunkNodes(bundle, config.root);
      const routes = routeFiles(config.root, 'src/routes');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(graph, routes), null, 1)}\n`,
      });
    },
  };
}
