import { defineConfig } from 'vitest/config';

/**
 * The unit tests Stryker runs for one machine (scripts/mutation.ts sets MUTATION_TESTS): only that
 * machine's tests, so that each static mutant (a module-level machine makes every mutant static)
 * costs one run of a few files rather than the whole suite.
 */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: (process.env.MUTATION_TESTS ?? 'src/machines/*.test.ts').split(','),
    setupFiles: ['tests/support/jsdom-setup.ts'],
  },
});
