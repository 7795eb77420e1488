import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkGraph } from './scripts/vite-chunk-graph.ts';
import { i18nCatalogs } from './scripts/vite-i18n-catalogs.ts';
import { INLINE_COMMON_CHUNKS } from './scripts/vite-inline-chunks.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { reactAriaLocaleCheck } from './scripts/vite-react-aria-locale.ts';
import { routeDocsOutOfTheApp } from './scripts/vite-route-docs.ts';
import { routePreloadList } from './scripts/vite-route-preloads.ts';

/**
 * The modules of the `app-core` file (below), from the project's root: what every signed-in page needs
 * before its data.
 */
const APP_CORE = [
  'src/api/credentials.ts',
  'src/api/changes.ts',
  'src/machines/session/session.machine.ts',
  'src/machines/session/token.ts',
  'src/machines/shared/sms-resend.ts',
  'src/machines/shared/resend-cooldown.machine.ts',
  'contract/sms-resend.ts',
  'src/machines/shell/app-logic.ts',
  'src/machines/shared/resource.machine.ts',
  'src/machines/shared/protected-image.machine.ts',
  'src/machines/pipeline/pipeline-board.machine.ts',
  'src/ui/components/app-context.tsx',
  'src/ui/components/deferred.tsx',
  'src/ui/components/toast-presence.ts',
  ...[
    'account',
    'agent',
    'cards',
    'errors',
    'field-errors',
    'people',
    'pipeline',
    'profile',
    'query',
    'session',
    'timeline',
    'user-types',
  ].map((name) => `contract/${name}.ts`),
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders load with their route's component, not with the landing page: what they import (the
      // workspace, list and job machines, the API calls) stays out of the entry chunk. Guards
      // (beforeLoad) stay in it: they read the session at once.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // react-aria's own strings (a list's "no results", a date field's labels) only in the app's two
    // languages, not 34: each component evaluated dozens of dictionaries at start (issue 22). Other
    // English locales fall back to en-US by language.
    optimizeLocales.vite({ locales: ['de-DE', 'en-US'] }),
    reactAriaLocaleCheck(),
    routeDocsOutOfTheApp(),
    i18nCatalogs(),
    prerender(),
    precompress(),
    chunkGraph(),
    routePreloadList(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared chunks are copied into their importers: fewer requests (issue 22).
          experimentalInlineCommonChunks: INLINE_COMMON_CHUNKS,
          groups: [
            // The signed-in app's small shared modules in one file (issue 22): the session, the
            // resource and app-logic machines, the contract's schemas they share and the one-instance
            // parts (toasts, `Staged`, the app context). Apart they were nine files of 1–5 kB before an
            // agent's dashboard could draw its data, and Lighthouse's simulation charges each request
            // over HTTP/1.1's six connections a round trip and the server's time (docs/benchmarks.md).
            // Grouped, not copied: each module still runs once. Without the modules they import: the
            // boot script's own stay in its file, and the landing page loads none of this.
            {
              name: 'app-core',
              priority: 5,
              includeDependenciesRecursively: false,
              test: (id: string) => {
                const path = id.replace(/\\/g, '/');
                return !path.includes('/node_modules/') && APP_CORE.some((file) => path.endsWith(`/${file}`));
              },
            },
            // What every page runs (src/main.tsx, loaded by src/boot.ts) in one file, not in the
            // dozen small ones the split between the app and its lazy routes would otherwise make.
            {
              name: 'framework',
              priority: 4,
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|@lingui|valibot|ofetch|ufo|destr)[\\/]/,
            },
            // react-aria in one file (issue 22): split along the lazy routes' imports it was 15–25 files
            // of 0.2–4 kB on a table or a job's results, and over HTTP/1.1 six at a time. Not its date
            // picker and calendar (they load on demand, src/ui/components/date-picker-lazy.tsx), and
            // not the locale provider every page's layout needs: an agent's dashboard uses no other
            // part of it. Higher priorities claim first: react stays in `framework`.
            {
              name: 'aria-base',
              priority: 3,
              test: /node_modules[\\/](react-aria[\\/]dist[\\/]private[\\/](ssr|i18n)|@internationalized[\\/](string|message|number))[\\/]/,
            },
            {
              name: 'aria-forms',
              priority: 2,
              test: /node_modules[\\/]react-aria-components[\\/]dist[\\/]private[\\/](Button|TextField|Input|Label|TextArea|FieldError|Text|Form|utils|Switch|Checkbox)\.mjs$/,
            },
            {
              name: 'aria',
              priority: 1,
              test: (id: string) =>
                /node_modules[\\/](react-aria-components|react-aria|@react-aria|@react-stately|@internationalized|@swc[\\/]helpers|clsx)[\\/]/.test(
                  id,
                ) && !/date|calendar|dnd|drag|drop/i.test(id.replace(/^.*node_modules[\\/]/, '')),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  test: {
    // Vitest's default on two cores is one worker (cores - 1): the unit and server files ran one after
    // the other on a machine with a core to spare. Two at least (issue 40: 1 059 s -> 528 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Node: the machines need no DOM, and jsdom cost ~1 s a file. A file that needs one starts
          // with `// @vitest-environment jsdom` (the UI's, two machines').
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/count-assertions.ts', 'tests/support/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/qa/**/*.test.ts',
          ],
          // Tests that need two database connections run only on PostgreSQL (server:postgres).
          exclude: ['**/node_modules/**', 'server/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          // One module graph per worker, not per file (issue 40): every file imported the whole server
          // again, 116 s of the project's 305 s; shared, 189 s in all. The server files hold no mocks
          // and build their own database and app per file (setUpTestDb), so nothing they import keeps
          // state from one file to the next; the project passes with its files shuffled.
          isolate: false,
          globalSetup: ['server/db/test-global-setup.ts'],
          setupFiles: ['tests/support/count-assertions.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:postgres',
                environment: 'node',
                include: ['server/**/*.db.test.ts', 'server/**/*.pg.test.ts'],
                env: { TEST_DB: 'postgres' },
                // As the server project: one module graph per worker (151 s -> 81 s).
                isolate: false,
                globalSetup: ['server/db/test-global-setup.ts'],
                setupFiles: ['tests/support/count-assertions.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          // Real server processes against injected faults (docs/testing.md, "Fault"): PostgreSQL of its own.
          name: 'fault',
          // Alone, after every other project: a loaded machine would blur the timings it asserts.
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/fault/**/*.test.ts'],
          setupFiles: ['tests/support/count-assertions.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Operations drills (issue 41): real server processes behind Caddy, on PostgreSQL instances
          // of their own; a backup restored into a new instance. Beside the browser walks, which
          // they do not time.
          name: 'ops',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/ops/**/*.test.ts'],
          setupFiles: ['tests/support/count-assertions.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          // After the unit and server projects, not beside them: the browser walks wait on a real
          // server and Chromium, which two busy cores starve.
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/support/count-assertions.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: too short for a screen on a loaded CI box
          // (the registration walk once failed there and passed alone in 1.6 s).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own server, data directory, port and Chromium: on two
          // cores 630 s instead of 905 s (docs/testing.md, "Where the time goes").
          maxWorkers: 2,
        },
      },
    ],
  },
});
