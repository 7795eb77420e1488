import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  coverage,
  DEFAULT_GENERATOR,
  type GeneratorSpec,
  GeneratorSyntaxError,
  generatePaths,
  parseGenerator,
} from './generators';
import { writeReport } from './report';
import { REQUIREMENTS } from './requirements';
import { type QaFile, type QaStep, qaSlug, replayCommand } from './run-options';
import { tableFromQa } from './tables';

/*
 * `npm run qa -- <command>`: the model-based path tests as a tool (docs/testing.md, "QA").
 *
 *   list                                   every machine: states, transitions, rows, rules, last coverage
 *   paths <machine> [--generator G] [--seed N] [--table T]
 *   run <machine|all> [--generator G] [--seed N] [--path K] [--table T] [--browser] [--base URL]
 *   report                                 reports/qa/index.html from the last run
 *
 * The machines are the app's own (src/machines), the expectations their tables (tests/support,
 * the model test files); a run is Vitest replaying the generator's paths on the machine.
 */

export const repo = resolve(import.meta.dirname, '..', '..');
export const QA_DIR = join(repo, 'reports', 'qa');
/** The last run's results, one JSON file per machine. */
export const LAST_DIR = join(QA_DIR, 'last');
const DUMP_DIR = join(QA_DIR, 'tables');

export interface ModelFile {
  name: string;
  slug: string;
  /** Relative to the repository. */
  file: string;
}

/** The model test files (`*.model.test.ts` under src/machines on describeModelTable), relative to the repository. */
export function modelTestFiles(root = repo): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.model.test.ts') &&
        /describeModelTable|describeJobTables/.test(readFileSync(join(root, path), 'utf8'))
      ) {
        out.push(path);
      }
    }
  };
  walk('src/machines');
  return out.sort();
}

/**
 * The machines the model tests specify, each with its file, from the tables dump (a file may specify
 * several: the account forms). The dump is refreshed when asked or when it is missing or older than
 * a model test file.
 */
export function modelFiles(refresh = false): ModelFile[] {
  const files = modelTestFiles();
  // Tables live in the model test files and in tests/support.
  const support = readdirSync(join(repo, 'tests', 'support')).map((f) => join('tests', 'support', f));
  const newest = Math.max(...[...files, ...support].map((f) => statSync(join(repo, f)).mtimeMs));
  const cached = readResults(DUMP_DIR);
  const stale =
    refresh ||
    cached.length === 0 ||
    !existsSync(DUMP_DIR) ||
    statSync(DUMP_DIR).mtimeMs < newest ||
    files.some((f) => !cached.some((c) => c.file === f));
  const dumped = stale ? dumpTables(files) : cached;
  return dumped
    .map((d) => ({ name: d.name, slug: qaSlug(d.name), file: d.file }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

/** The dumped tables and machines of a machine (`modelFiles()` keeps the dump current). */
export function dumpedMachine(slug: string): QaFile {
  const found = readResults(DUMP_DIR).find((d) => qaSlug(d.name) === slug);
  if (!found) throw new Error(`no dump of ${slug}`);
  return found;
}

export function findMachine(files: ModelFile[], name: string): ModelFile {
  const slug = qaSlug(name);
  const found = files.find((f) => f.slug === slug);
  if (!found) {
    throw new UsageError(`no machine "${name}"; the machines are: ${files.map((f) => f.slug).join(', ')}`);
  }
  return found;
}

export class UsageError extends Error {}

interface VitestOptions {
  out: string;
  generator?: GeneratorSpec;
  seed?: number;
  path?: number;
  table?: string;
  dump?: boolean;
  project?: string;
  quiet?: boolean;
  /** More variables for the test processes (the QA tool's tests set QA_FAULT). */
  env?: NodeJS.ProcessEnv;
}

/** Runs Vitest on model test files with the QA variables; true when every test passed. */
export function runVitest(files: string[], options: VitestOptions): boolean {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    QA_OUT: options.out,
    QA_GENERATOR: options.generator?.text ?? DEFAULT_GENERATOR,
    QA_SEED: String(options.seed ?? 1),
    QA_PATH: options.path === undefined ? '' : String(options.path),
    QA_TABLE: options.table ?? '',
    QA_DUMP: options.dump ? '1' : '',
    ...options.env,
  };
  const result = spawnSync(
    join(repo, 'node_modules', '.bin', 'vitest'),
    [
      'run',
      '--project',
      options.project ?? 'unit',
      '--reporter',
      options.quiet ? 'dot' : 'default',
      ...files,
    ],
    { cwd: repo, env, stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8' },
  );
  return result.status === 0;
}

export function readResults(dir: string): QaFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as QaFile)
    .sort((a, b) => qaSlug(a.name).localeCompare(qaSlug(b.name)));
}

/** The tables and machines of the given model test files, written by a replay-free Vitest run. */
export function dumpTables(files: string[]): QaFile[] {
  rmSync(DUMP_DIR, { recursive: true, force: true });
  mkdirSync(DUMP_DIR, { recursive: true });
  runVitest(files, { out: DUMP_DIR, dump: true, quiet: true });
  const dumped = readResults(DUMP_DIR);
  const missing = files.filter((f) => !dumped.some((d) => d.file === f));
  if (missing.length > 0) {
    throw new Error(`could not load the tables of ${missing.join(', ')} (run them with vitest)`);
  }
  return dumped;
}

const pct = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((100 * n) / of)} %`);

function listCommand(out: (line: string) => void): void {
  modelFiles(true);
  const tables = readResults(DUMP_DIR);
  const last = readResults(LAST_DIR);
  const header = [
    'machine',
    'states',
    'transitions',
    'table rows',
    'rules',
    'last run: rows',
    'last run: transitions',
  ];
  const rows = tables.map((t) => {
    const states = t.machines.reduce((n, m) => n + m.states.length, 0);
    const transitions = t.machines.reduce((n, m) => n + m.transitions.length, 0);
    const tableRows = t.tables.reduce((n, x) => n + x.rows.length, 0);
    const rules = new Set(t.tables.flatMap((x) => x.rows.map((r) => r.rule).filter(Boolean)));
    const run = last.find((l) => l.name === t.name);
    let rowShare = '–';
    let transitionShare = '–';
    if (run) {
      const crossed = run.tables.reduce(
        (n, x) =>
          n + coverage(tableFromQa(x), x.paths.filter((p) => p.status === 'passed').map(pathFromQa)).edges,
        0,
      );
      rowShare = `${pct(crossed, tableRows)} (${run.generator}, seed ${run.seed})`;
      const taken = run.machines.reduce((n, m) => n + m.taken.length, 0);
      transitionShare = pct(taken, transitions);
    }
    return [qaSlug(t.name), states, transitions, tableRows, rules.size, rowShare, transitionShare].map(
      String,
    );
  });
  printTable(out, header, rows);
  const ruled = new Set(tables.flatMap((t) => t.tables.flatMap((x) => x.rows.map((r) => r.rule))));
  const unchecked = REQUIREMENTS.filter((r) => !ruled.has(r.id));
  out('');
  out(
    `${REQUIREMENTS.length - unchecked.length}/${REQUIREMENTS.length} rules of the specification checked by a row.`,
  );
  if (unchecked.length > 0) out(`Rules no row checks: ${unchecked.map((r) => r.id).join('; ')}`);
}

export const pathFromQa = (p: {
  name: string;
  steps: { from: string; event: string; target: string }[];
}) => ({
  name: p.name,
  steps: p.steps.map((s) => ({ from: s.from, event: s.event, expect: { target: s.target } })),
});

function printTable(out: (line: string) => void, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  out(line(header));
  out(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) out(line(r));
}

function pathsCommand(
  out: (line: string) => void,
  machine: string,
  generator: GeneratorSpec,
  seed: number,
  table?: string,
): void {
  const file = findMachine(modelFiles(), machine);
  const tables = dumpedMachine(file.slug).tables.filter((t) => !table || t.name === table);
  if (tables.length === 0) throw new UsageError(`"${machine}" has no table "${table}"`);
  for (const t of tables) {
    const spec = tableFromQa(t);
    const paths = generatePaths(spec, generator, seed);
    const cov = coverage(spec, paths);
    out(
      `${file.slug}${tables.length > 1 || table ? ` / ${t.name}` : ''}: ${paths.length} paths, ${paths.reduce((n, p) => n + p.steps.length, 0)} steps, rows ${cov.edges}/${cov.edgesTotal}, states ${cov.vertices}/${cov.verticesTotal} (${generator.text}, seed ${seed})`,
    );
    paths.forEach((path, i) => {
      out(`  path ${i + 1}: ${path.name}`);
      path.steps.forEach((step, n) => {
        const row = t.rows.find((r) => r.from === step.from && r.event === step.event);
        out(
          `    ${n + 1}. in ${step.from}: ${step.event} → ${step.expect.target}${row?.rule ? `   [${row.rule}]` : ''}`,
        );
        const detail = row ? describeExpectation(row) : '';
        if (detail) out(`       expects ${detail}`);
      });
    });
  }
}

/** A value in one short line: long strings (tokens) cut to their start. */
export function brief(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    typeof v === 'string' && v.length > 32 ? `${v.slice(0, 24)}…` : v,
  );
}

/** The context, tags and actors a row expects, in one line. */
function describeExpectation(expect: QaStep): string {
  const parts: string[] = [];
  if (expect.context) parts.push(`context ${brief(expect.context)}`);
  if (expect.tags) parts.push(`tags ${brief(expect.tags)}`);
  if (expect.invoked) parts.push(`actors ${brief(expect.invoked)}`);
  return parts.join(', ');
}

export interface RunArgs {
  machine: string;
  generator: GeneratorSpec;
  seed: number;
  path: number | undefined;
  table: string | undefined;
  browser: boolean;
  base: string | undefined;
}

function runCommand(out: (line: string) => void, args: RunArgs): boolean {
  const files = modelFiles();
  const chosen = args.machine === 'all' ? files : [findMachine(files, args.machine)];
  if (args.browser) {
    return runInBrowser(out, chosen, args);
  }
  for (const f of chosen) rmSync(join(LAST_DIR, `${f.slug}.json`), { force: true });
  mkdirSync(LAST_DIR, { recursive: true });
  const passed = runVitest([...new Set(chosen.map((f) => f.file))], {
    out: LAST_DIR,
    generator: args.generator,
    seed: args.seed,
    path: args.path,
    table: args.table,
    quiet: true,
  });
  const results = readResults(LAST_DIR).filter((r) => chosen.some((c) => c.slug === qaSlug(r.name)));
  return summarise(out, chosen, results, args) && passed;
}

/** Prints each machine's outcome and each failure's step and replay command; true when all passed. */
export function summarise(
  out: (line: string) => void,
  chosen: ModelFile[],
  results: QaFile[],
  args: Pick<RunArgs, 'generator' | 'seed' | 'table'>,
): boolean {
  let ok = true;
  for (const file of chosen) {
    const result = results.find((r) => qaSlug(r.name) === file.slug);
    if (!result) {
      ok = false;
      out(`${file.slug}: no result (the model test did not load: run \`npx vitest run ${file.file}\`)`);
      continue;
    }
    for (const t of result.tables) {
      const passed = t.paths.filter((p) => p.status === 'passed');
      const skipped = t.paths.filter((p) => p.skipped);
      const failed = t.paths.filter((p) => p.status !== 'passed' && !p.skipped);
      const cov = coverage(tableFromQa(t), passed.map(pathFromQa));
      const name = result.tables.length > 1 ? `${file.slug} / ${t.name}` : file.slug;
      const steps = t.paths.reduce((n, p) => n + p.steps.length, 0);
      const exact = t.paths.reduce((n, p) => n + (p.exactSteps ?? 0), 0);
      const tableOk = failed.length === 0 && passed.length > 0;
      if (result.browser) {
        const looked = passed.reduce((n, p) => n + p.steps.filter((s) => s.looked).length, 0);
        const walked = passed.reduce((n, p) => n + p.steps.length, 0);
        out(
          `${tableOk ? 'PASS' : 'FAIL'} ${name} in Chromium (${result.browser.base ?? 'an instance of its own'}): ${passed.length}/${t.paths.length - skipped.length} paths a browser can walk passed, rows ${cov.edges}/${cov.edgesTotal} crossed, the screen checked on ${looked}/${walked} steps (the others: busy states)`,
        );
        if (skipped.length > 0) {
          const first = new Map<string, number>();
          for (const p of skipped) {
            const event = /\(in [^:]+: (\w+)/.exec(p.skipped ?? '')?.[1] ?? '?';
            first.set(event, (first.get(event) ?? 0) + 1);
          }
          out(
            `  ${skipped.length} paths not walked: a step a browser cannot give (${[...first].map(([e, n]) => `${e} ×${n}`).join(', ')}); \`npm run qa -- report\` names each`,
          );
        }
        if (passed.length === 0 && failed.length === 0) {
          ok = false;
          out('  no path of this run can be walked in a browser: choose another generator or seed');
        }
      } else {
        out(
          `${failed.length === 0 ? 'PASS' : 'FAIL'} ${name}: ${passed.length}/${t.paths.length} paths passed, rows ${cov.edges}/${cov.edgesTotal} crossed, context checked on ${exact}/${steps} steps`,
        );
      }
      for (const p of failed) {
        ok = false;
        const f = p.failure;
        const step = f && f.step >= 0 ? p.steps[f.step] : undefined;
        out(`  path ${p.index} (${p.name}) failed`);
        if (step) out(`    at step ${(f?.step ?? 0) + 1}: in ${step.from}: ${step.event} → ${step.target}`);
        else out('    before the first step (initial state)');
        if (f) {
          out(`    ${f.what}`);
          out(`    expected: ${brief(f.expected)}`);
          out(`    observed: ${result.browser ? JSON.stringify(f.observed) : brief(f.observed)}`);
          if (result.browser) out(`    ${f.message}`);
        }
        out(
          `    replay: ${replayCommand(file.slug, result.generator, result.seed, p.index, args.table ?? (result.tables.length > 1 ? t.name : undefined), result.browser)}`,
        );
        if (p.steps[f?.step ?? -1]?.screenshot) out(`    screenshot: ${p.steps[f?.step ?? -1]?.screenshot}`);
      }
    }
    if (result.browser) continue;
    const taken = result.machines.reduce((n, m) => n + m.taken.length, 0);
    const defined = result.machines.reduce((n, m) => n + m.transitions.length, 0);
    out(`  machine transitions taken: ${taken}/${defined}`);
  }
  return ok;
}

/**
 * --browser: the generator's paths walked in Chromium by the machine's browser driver (tests/qa/
 * browser.ts), in its browser test file under QA_BROWSER=1: against `--base`, or an instance of its
 * own on a temporary data directory. Results go to reports/qa/last, screenshots to reports/qa/shots.
 */
export function runInBrowser(out: (line: string) => void, files: ModelFile[], args: RunArgs): boolean {
  const walkable = files.filter((f) => BROWSER_FILES[f.slug]);
  const without = files.filter((f) => !BROWSER_FILES[f.slug]).map((f) => f.slug);
  if (walkable.length === 0) {
    throw new UsageError(
      `${without.join(', ')} has no browser driver; the machines with one: ${Object.keys(BROWSER_FILES).join(', ')}`,
    );
  }
  if (without.length > 0) out(`not in a browser (no browser driver): ${without.join(', ')}`);
  mkdirSync(LAST_DIR, { recursive: true });
  let passed = true;
  for (const f of walkable) {
    rmSync(join(LAST_DIR, `${f.slug}.json`), { force: true });
    rmSync(join(SHOTS_DIR, f.slug), { recursive: true, force: true });
    passed =
      runVitest([BROWSER_FILES[f.slug] as string], {
        out: LAST_DIR,
        generator: args.generator,
        seed: args.seed,
        path: args.path,
        table: args.table,
        project: 'browser',
        env: {
          QA_BROWSER: '1',
          QA_MACHINE: f.slug,
          QA_SHOTS: SHOTS_DIR,
          ...(args.base ? { QA_BASE: args.base } : {}),
        },
      }) && passed;
  }
  const results = readResults(LAST_DIR).filter((r) => walkable.some((c) => c.slug === qaSlug(r.name)));
  return summarise(out, walkable, results, args) && passed;
}

/** Where browser runs save their screenshots (one folder per machine, table and path). */
export const SHOTS_DIR = join(QA_DIR, 'shots');

/** The machines with a browser driver, and the browser test file that walks their paths. */
export const BROWSER_FILES: Record<string, string> = {
  session: 'tests/e2e/session-model.test.ts',
  registration: 'tests/e2e/registration-model.test.ts',
  // Both machines replay the job's four tables (tests/support/job-table.ts); one driver walks them.
  'job-form': 'tests/e2e/job-model.test.ts',
  'job-lifecycle': 'tests/e2e/job-model.test.ts',
};

export function main(argv: string[], out: (line: string) => void = console.log): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      generator: { type: 'string', short: 'g' },
      seed: { type: 'string', short: 's' },
      path: { type: 'string', short: 'p' },
      table: { type: 'string', short: 't' },
      browser: { type: 'boolean' },
      base: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, machine] = positionals;
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0)
    throw new UsageError(`--seed takes a whole number, not "${values.seed}"`);
  const path = values.path === undefined ? undefined : Number(values.path);
  if (path !== undefined && (!Number.isInteger(path) || path < 1)) {
    throw new UsageError(`--path takes a path number from 1, not "${values.path}"`);
  }
  const generator = parseGenerator(values.generator ?? DEFAULT_GENERATOR);
  switch (command) {
    case 'list':
      listCommand(out);
      return 0;
    case 'paths':
      if (!machine) throw new UsageError('paths <machine>: which machine? (npm run qa -- list)');
      pathsCommand(out, machine, generator, seed, values.table);
      return 0;
    case 'run':
      if (!machine) throw new UsageError('run <machine|all>: which machine? (npm run qa -- list)');
      return runCommand(out, {
        machine,
        generator,
        seed,
        path,
        table: values.table,
        browser: values.browser ?? false,
        base: values.base,
      })
        ? 0
        : 1;
    case 'report': {
      modelFiles();
      const file = writeReport(readResults(LAST_DIR), readResults(DUMP_DIR), join(QA_DIR, 'index.html'));
      out(`wrote ${relative(process.cwd(), file)}`);
      return 0;
    }
    default:
      out(USAGE);
      return command === undefined || values.help ? 0 : 2;
  }
}

export const USAGE = `npm run qa -- <command>
  list                                     the machines: states, transitions, table rows, rules, last coverage
  paths <machine> [--generator G] [--seed N] [--table T]
                                           the paths as steps (event → expected state, context, actors)
  run <machine|all> [--generator G] [--seed N] [--path K] [--table T] [--browser] [--base URL]
                                           replays the paths on the machine (or in Chromium with --browser)
  report                                   writes reports/qa/index.html from the last run
generators: shortest(edge_coverage(100)) (default), quick_random(edge_coverage(100)), random(length(50)),
            postman, a_star(reached(<state>)); stop conditions edge_coverage(N), vertex_coverage(N),
            length(N), reached(<state>), joined by "and" / "or"`;

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError || error instanceof GeneratorSyntaxError) {
      console.error(`qa: ${error.message}`);
      process.exitCode = 2;
    } else throw error;
  }
}
