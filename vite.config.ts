import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './scripts/vite-i18n-catalogs.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    i18nCatalogs(),
    prerender(),
    precompress(),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Tests that need two database connections run only on PostgreSQL (server:postgres).
          exclude: ['**/node_modules/**', 'server/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
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
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          // Real server processes against injected faults (README, "Testing"): PostgreSQL of its own.
          name: 'fault',
          // Alone, after every other project: a loaded machine would blur the timings it asserts.
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/fault/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
