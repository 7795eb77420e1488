import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run test:mutation [machine…]`: one Stryker run per machine in src/machines, each mutating only
 * that machine and running only its own tests (STACK.md: a module-level machine makes every mutant
 * static, so every mutant costs a fresh test run), then one table of mutation scores.
 */
const root = 'src/machines';
/** Each machine's feature folder (src/machines/<feature>/<machine>.machine.ts). */
const folderOf = new Map(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((feature) =>
      readdirSync(join(root, feature.name))
        .filter((f) => f.endsWith('.machine.ts'))
        .map((f) => [f.replace(/\.machine\.ts$/, ''), join(root, feature.name)] as const),
    ),
);
const all = [...folderOf.keys()].sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((m) => !all.includes(m));
if (unknown.length > 0) {
  process.stderr.write(`no such machine: ${unknown.join(', ')} (known: ${all.join(', ')})\n`);
  process.exit(2);
}
const machines = asked.length > 0 ? asked : all;

interface Row {
  machine: string;
  tests: number;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  errors: number;
  score: number | null;
  seconds: number;
}

/**
 * Tests that need a DOM say so on their first line, as for the unit project (`// @vitest-environment
 * jsdom`); they run in jsdom, the others in Node, which starts faster.
 */
function needsDom(tests: string[]): boolean {
  return tests.some((t) => /^\/\/ @vitest-environment jsdom$/m.test(readFileSync(t, 'utf8')));
}

function ownTestsOf(machine: string): string[] {
  const dir = folderOf.get(machine)!;
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${machine}.`) && /\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/**
 * A machine's own tests, and for a factory (debounced-search) the tests of the machines it builds:
 * those that import it.
 */
function testsOf(machine: string): string[] {
  const built = all.filter(
    (other) =>
      other !== machine &&
      readFileSync(join(folderOf.get(other)!, `${other}.machine.ts`), 'utf8').includes(
        `/${machine}.machine'`,
      ),
  );
  return [machine, ...built].flatMap(ownTestsOf);
}

const rows: Row[] = [];
for (const machine of machines) {
  const tests = testsOf(machine);
  const dir = folderOf.get(machine)!;
  const report = `reports/mutation/${machine}.json`;
  const started = Date.now();
  if (tests.length === 0) {
    rows.push({
      machine,
      tests: 0,
      killed: 0,
      survived: 0,
      noCoverage: 0,
      timeout: 0,
      errors: 0,
      score: null,
      seconds: 0,
    });
    continue;
  }
  process.stdout.write(`\n== ${machine}: mutating ${dir}/${machine}.machine.ts, tests ${tests.join(' ')}\n`);
  const run = spawnSync(
    'npx',
    ['stryker', 'run', 'stryker.config.mjs', '--mutate', `${dir}/${machine}.machine.ts`],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_TESTS: tests.join(','),
        MUTATION_REPORT: report,
        MUTATION_TMP: `.stryker-tmp-${machine}`,
        MUTATION_ENVIRONMENT: needsDom(tests) ? 'jsdom' : 'node',
      },
    },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0 || !existsSync(report)) {
    process.stderr.write(`Stryker failed for ${machine} (exit ${run.status})\n`);
    rows.push({
      machine,
      tests: tests.length,
      killed: 0,
      survived: 0,
      noCoverage: 0,
      timeout: 0,
      errors: 1,
      score: null,
      seconds,
    });
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    files: Record<string, { mutants: { status: string }[] }>;
  };
  const count = (status: string) =>
    Object.values(json.files)
      .flatMap((f) => f.mutants)
      .filter((m) => m.status === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const errors = count('RuntimeError') + count('CompileError');
  const valid = killed + timeout + survived + noCoverage;
  rows.push({
    machine,
    tests: tests.length,
    killed,
    survived,
    noCoverage,
    timeout,
    errors,
    score: valid === 0 ? null : (100 * (killed + timeout)) / valid,
    seconds,
  });
}

const header = ['machine', 'score', 'killed', 'timeout', 'survived', 'no coverage', 'errors', 'time'];
const lines = rows.map((r) => [
  r.machine,
  r.score === null ? (r.tests === 0 ? 'no tests' : 'failed') : `${r.score.toFixed(1)} %`,
  String(r.killed),
  String(r.timeout),
  String(r.survived),
  String(r.noCoverage),
  String(r.errors),
  `${r.seconds} s`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
process.stdout.write(
  `\nMutation score per machine (detected = killed + timeout, of all mutants that ran or had no test)\n${format(header)}\n${format(widths.map((w) => '-'.repeat(w)))}\n${lines.map(format).join('\n')}\n`,
);
if (rows.some((r) => r.tests > 0 && r.score === null)) process.exit(1);
