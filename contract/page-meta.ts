// What the build, the server (server/http/spa-document.ts) and the client agree on about the pages the
// server sends: the `<meta>` elements it puts into them and the pages the build prerenders. It imports
// only modules without imports: the boot script (src/boot.ts) reads one.

import { isAgentType } from './user-type-names';

/**
 * The page's route chunks (comma-separated entries, from the build's dist/route-preloads.json); the
 * boot script preloads them after the page's first paint. See `routeChunkEntry`.
 */
export const ROUTE_CHUNKS_META = 'matchwerk-route-chunks';

/**
 * Who a route's own module is for, when only one kind of signed-in user loads it (the dashboard's
 * part for an agent, a company or a candidate: `-dashboard-agent.tsx`): the others do not preload it.
 */
export const CHUNK_AUDIENCES = ['agent', 'company', 'candidate'] as const;
export type ChunkAudience = (typeof CHUNK_AUDIENCES)[number];

/** The audience of a token's user type (SEED-SPEC §1: every type naming "agent" is an agent). */
export function chunkAudienceOf(userType: string): ChunkAudience {
  if (isAgentType(userType)) return 'agent';
  return userType === 'company' ? 'company' : 'candidate';
}

/**
 * One chunk as the page names it: its path, for every visitor, or `agent+company:/assets/x.js` for
 * those audiences only.
 */
export function routeChunkEntry(path: string, audiences?: readonly ChunkAudience[]): string {
  return audiences?.length ? `${audiences.join('+')}:${path}` : path;
}

/** The paths of the page's entries that `audience` preloads (a visitor without one: the shared ones). */
export function routeChunkPaths(entries: readonly string[], audience: ChunkAudience | null): string[] {
  return entries.flatMap((entry) => {
    const colon = entry.indexOf(':');
    if (colon < 0) return [entry];
    const audiences = entry.slice(0, colon).split('+');
    return audience && audiences.includes(audience) ? [entry.slice(colon + 1)] : [];
  });
}

/**
 * The signed-in pages the build prerenders with their own title and text (scripts/vite-prerender.ts,
 * src/ui/shell/static-pages.tsx), each into `<page>/index.html`, as they open without a query: the
 * server answers the address without one with it (issue 22).
 */
export const PRERENDERED_APP_PAGES = ['/dashboard', '/stellas', '/lunas', '/novas'] as const;
export type PrerenderedAppPage = (typeof PRERENDERED_APP_PAGES)[number];

/** Where the build writes a prerendered signed-in page. */
export const prerenderedFile = (page: PrerenderedAppPage): string => `${page.slice(1)}/index.html`;
