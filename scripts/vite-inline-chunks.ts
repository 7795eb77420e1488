/**
 * The build copies small shared chunks into the chunks that import them (vite.config.ts,
 * `experimentalInlineCommonChunks`, issue 22): a signed-in page loaded ~75 files, and over HTTP/1.1
 * a browser opens six connections to a host, so Lighthouse's mobile simulation queued those requests
 * for about a second before the page could draw. A copied module runs once per copy, so a module
 * whose state must exist once is never copied: React contexts (react-aria's too, hence all of
 * node_modules), the queue of parts drawn one per task (`Staged`), the toast listeners, the resource registry (its map: resource.machine.ts), the API clients and their change listeners, the key set, the
 * e-mail validations in flight. `scripts/vite-inline-chunks.test.ts` fails when a module with
 * top-level state is neither here nor declared harmless there.
 */
export const INLINE_COMMON_CHUNKS = {
  /** Below 12 kB of source a copy costs less than a request (`/login`: 27 files -> 17, +3.5 kB). */
  maxSize: 12_000,
  exclude: [
    /node_modules/,
    /src[\\/]ui[\\/]components[\\/](app-context|toast-presence|deferred|focus-invalid)\./,
    /src[\\/]machines[\\/](shared[\\/]resource\.machine|shell[\\/]app-logic)\./,
    /src[\\/]api[\\/](keys|changes)\./,
    /src[\\/]routes[\\/]user\.validate\.\$token\./,
  ],
};
