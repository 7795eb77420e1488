// @ts-check
/**
 * Mutation testing of the machines (README "Testing"). Run through `npm run test:mutation`, which
 * starts one Stryker run per machine with --mutate set to that machine and MUTATION_TESTS to its tests.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/machines/*/*.machine.ts'],
  ignorePatterns: ['dist', 'data', 'coverage', 'server', 'docs', 'tests/e2e', 'reports', '.stryker-tmp*'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // One directory per machine, so that runs of different machines may overlap.
  tempDirName: process.env.MUTATION_TMP ?? '.stryker-tmp',
  cleanTempDir: 'always',
};
