// Names of the `<meta>` elements the server puts into every page it sends (server/http/spa-document.ts)
// and the client reads. No imports: the boot script (src/boot.ts) reads one.

/**
 * The page's route chunks (comma-separated paths, from the build's dist/route-preloads.json); the
 * boot script preloads them when it runs, once the stylesheet is in.
 */
export const ROUTE_CHUNKS_META = 'matchwerk-route-chunks';
