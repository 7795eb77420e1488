// What the build, the server (server/http/spa-document.ts) and the client agree on about the pages the
// server sends: the `<meta>` elements it puts into them and the pages the build prerenders. No
// imports: the boot script (src/boot.ts) reads one.

/**
 * The page's route chunks (comma-separated paths, from the build's dist/route-preloads.json); the
 * boot script preloads them after the page's first paint.
 */
export const ROUTE_CHUNKS_META = 'matchwerk-route-chunks';

/**
 * The signed-in pages the build prerenders with their own title and text (scripts/vite-prerender.ts,
 * src/ui/shell/static-pages.tsx), each into `<page>/index.html`, as they open without a query: the
 * server answers the address without one with it (issue 22).
 */
export const PRERENDERED_APP_PAGES = ['/dashboard', '/stellas', '/lunas', '/novas'] as const;
export type PrerenderedAppPage = (typeof PRERENDERED_APP_PAGES)[number];

/** Where the build writes a prerendered signed-in page. */
export const prerenderedFile = (page: PrerenderedAppPage): string => `${page.slice(1)}/index.html`;
