// What the build (scripts/vite-route-preloads.ts) and the server (./spa-document.ts) share; no
// imports, so that Vite's config can load it as it is.

/**
 * Where the build leaves the chunks each page address needs before it is usable: the app, the
 * protected group's preload and the matched routes' chunks, so the page asks for them with the HTML
 * instead of one after the other (issue 22).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One page address (a regular expression over the path) and the chunks it preloads. */
export interface RoutePreload {
  pattern: string;
  files: string[];
}
