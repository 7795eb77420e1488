import { formatter } from '@lingui/format-po';
import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'de',
  locales: ['de', 'en'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
