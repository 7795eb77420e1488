/**
 * `npm run test:timings [-- --run [vitest args…]] [--file report.json]`: the tables of docs/testing.md,
 * "Where the time goes", from the last run's `reports/test-timings.json` (every `npm test` writes it,
 * tests/support/timings-reporter.ts). `--run` runs Vitest first (with its arguments: a project, a
 * folder) and then prints.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { TIMINGS_FILE, type Timings } from '../tests/support/timings-reporter';

const args = process.argv.slice(2);
const fileAt = args.indexOf('--file');
const file = fileAt >= 0 ? (args[fileAt + 1] ?? TIMINGS_FILE) : TIMINGS_FILE;

if (args.includes('--run')) {
  const vitestArgs = args.filter((a, i) => a !== '--run' && a !== '--file' && args[i - 1] !== '--file');
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', `--reporter=./tests/support/timings-reporter.ts`, ...vitestArgs],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0)
    console.error(`vitest exited with ${run.status}; the timings below include its failures`);
}

if (!existsSync(file)) {
  console.error(`${file} is missing: run \`npm test\` or \`npm run test:timings -- --run\` first`);
  process.exit(1);
}
const t = JSON.parse(readFileSync(file, 'utf8')) as Timings;
const s = (ms: number) => (ms / 1000).toFixed(1);

console.log(
  `Run of ${t.startedAt}: ${s(t.wallMs)} s of Vitest, ${t.totals.files} files, ${t.totals.tests} tests ` +
    `(${t.totals.failed} failed, ${t.totals.skipped} skipped), ${t.totals.assertions} expect calls, ` +
    `${t.workers ?? 'default'} workers; load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
);
console.log('| project | wall s | files’ s added up | files | tests | expect calls |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const p of t.projects)
  console.log(
    `| ${p.project} | ${s(p.wallMs)} | ${s(p.fileMs)} | ${p.files} | ${p.tests} | ${p.assertions} |`,
  );

console.log('\nThe 15 slowest files (before the first test: environment, setup files, imports):\n');
console.log('| file | project | wall s | before its tests s | tests and hooks s | tests |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const f of t.files.slice(0, 15))
  console.log(
    `| ${f.file} | ${f.project} | ${s(f.wallMs)} | ${s(f.environmentMs + f.setupMs + f.collectMs)} | ${s(f.runMs)} | ${f.tests} |`,
  );

console.log('\nThe 15 slowest tests:\n');
console.log('| test | file | s |');
console.log('| --- | --- | ---: |');
for (const test of t.slowestTests.slice(0, 15))
  console.log(`| ${test.name.replace(/\|/g, '\\|')} | ${test.file} | ${s(test.durationMs)} |`);
