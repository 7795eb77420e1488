import { defineConfig } from 'vitest/config';

/**
 * The unit tests Stryker runs for one machine (scripts/mutation.ts sets MUTATION_TESTS): only that
 * machine's tests, so that each static mutant (a module-level machine makes every mutant static)
 * costs one run of a few files rather than the whole suite. Node's environment unless the machine's
 * tests need a DOM (MUTATION_ENVIRONMENT=jsdom): starting jsdom would cost more than the tests.
 */
const jsdom = process.env.MUTATION_ENVIRONMENT === 'jsdom';
export default defineConfig({
  test: {
    environment: jsdom ? 'jsdom' : 'node',
    include: (process.env.MUTATION_TESTS ?? 'src/machines/*/*.test.ts').split(','),
    setupFiles: jsdom ? ['tests/support/jsdom-setup.ts'] : [],
  },
});
