// What the build (scripts/vite-route-preloads.ts) and the server (./spa-document.ts) share; no
// imports but a type, so that Vite's config can load it as it is.

/**
 * Where the build leaves the chunks each page address needs before it is usable: the app, the
 * protected group's preload and the matched routes' chunks, so the page asks for them with the HTML
 * instead of one after the other (issue 22).
 */
import type { ChunkAudience } from '../../contract/page-meta';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One page address (a regular expression over the path) and the chunks it preloads. */
export interface RoutePreload {
  pattern: string;
  files: string[];
  /**
   * The files of `files` only some signed-in users load (a route's own module for one kind of user
   * and what it alone imports), by file: `agent`, `company`, `candidate` (contract/page-meta.ts).
   */
  audiences?: Record<string, ChunkAudience[]>;
}
