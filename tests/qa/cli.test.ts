// @vitest-environment jsdom
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BROWSER_FILES,
  main,
  modelTestFiles,
  readResults,
  repo,
  runInBrowser,
  runVitest,
  summarise,
} from './cli';
import { parseGenerator } from './generators';
import { writeReport } from './report';

// The QA tool run on the door of tests/qa/fixtures, built right and built wrong (QA_FAULT=1).
const DOOR = 'tests/qa/fixtures/door.model.test.ts';
const door = [{ name: 'qa door', slug: 'qa-door', file: DOOR }];
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchwerk-qa-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(options: { fault: boolean; path?: number; generator?: string }) {
  const out = scratch();
  const generator = parseGenerator(options.generator ?? 'shortest(edge_coverage(100))');
  const passed = runVitest([DOOR], {
    out,
    generator,
    seed: 1,
    path: options.path,
    project: 'server',
    quiet: true,
    env: { QA_FAULT: options.fault ? '1' : '' },
  });
  const lines: string[] = [];
  const ok = summarise((l) => lines.push(l), door, readResults(out), {
    generator,
    seed: 1,
    table: undefined,
  });
  return { passed, ok, lines, results: readResults(out), out };
}

describe('npm run qa', () => {
  it('names the failing step, what it expected and saw, and the command that replays the path', () => {
    const { passed, ok, lines } = run({ fault: true });
    expect(passed).toBe(false);
    expect(ok).toBe(false);
    const text = lines.join('\n');
    expect(text).toContain('FAIL qa-door: 3/4 paths passed');
    expect(text).toContain('path 4 (locked --unlock--> closed) failed');
    expect(text).toContain('at step 2: in locked: unlock → closed');
    expect(text).toContain('expected: "closed"');
    expect(text).toContain('observed: "open"');
    expect(text).toContain(
      "replay: npm run qa -- run qa-door --generator 'shortest(edge_coverage(100))' --seed 1 --path 4",
    );
  }, 240_000);

  it('replays exactly the one path it names, and passes on the machine built right', () => {
    const replay = run({ fault: true, path: 4 });
    expect(replay.results[0]?.tables[0]?.paths.map((p) => [p.index, p.status])).toEqual([[4, 'failed']]);
    const right = run({ fault: false, generator: 'postman' });
    expect(right.passed).toBe(true);
    expect(right.lines.join('\n')).toContain('PASS qa-door');
    expect(right.lines.join('\n')).toContain('rows 4/4 crossed');
    const report = join(scratch(), 'index.html');
    writeReport(
      [...right.results, ...replay.results.map((r) => ({ ...r, name: 'qa door (faulty)' }))],
      [],
      report,
    );
    const document = new DOMParser().parseFromString(readFileSync(report, 'utf8'), 'text/html');
    // One graph per machine (the door has one table), its rows coloured by the run.
    expect(document.querySelectorAll('svg')).toHaveLength(2);
    expect(document.querySelectorAll('svg')[0]?.querySelectorAll('g.edge.passed')).toHaveLength(4);
    expect(document.querySelectorAll('svg')[1]?.querySelectorAll('g.edge.failed')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe('Matchwerk QA: model-based paths');
    const rule = [...document.querySelectorAll('#requirements ~ table tr')].find((tr) =>
      tr.textContent?.startsWith('SEED §4 job status'),
    );
    expect(rule?.textContent).toContain('failed');
  }, 240_000);

  it('answers a wrong command with its usage and a bad generator with what is wrong', () => {
    const lines: string[] = [];
    expect(main(['frobnicate'], (l) => lines.push(l))).toBe(2);
    expect(lines.join('\n')).toContain('npm run qa -- <command>');
    expect(() => main(['paths', 'session', '--generator', 'random'])).toThrow(
      'random needs a stop condition',
    );
    expect(() => main(['run'])).toThrow('which machine?');
    expect(() => main(['run', 'session', '--seed', 'x'])).toThrow('--seed takes a whole number');
  });

  it('refuses --browser for a machine without a browser driver, naming those with one', () => {
    const lines: string[] = [];
    const args = {
      machine: 'form',
      generator: parseGenerator('postman'),
      seed: 1,
      path: undefined,
      table: undefined,
      browser: true,
      base: undefined,
    };
    const form = { name: 'form', slug: 'form', file: 'src/machines/shared/form.model.test.ts' };
    expect(() => runInBrowser((l) => lines.push(l), [form], args)).toThrow(
      'form has no browser driver; the machines with one: session, registration, job-form, job-lifecycle',
    );
    expect(lines).toEqual([]);
  });

  it('walks each machine with a browser driver in a browser test file that exists, the two job machines in one', () => {
    const machines = modelTestFiles().map((f) => basename(f, '.model.test.ts'));
    for (const [machine, file] of Object.entries(BROWSER_FILES)) {
      expect(machines, machine).toContain(machine);
      expect(existsSync(join(repo, file)), file).toBe(true);
    }
    // job-form and job-lifecycle replay the same tables: one driver, one file, a run per machine.
    expect(BROWSER_FILES['job-form']).toBe('tests/e2e/job-model.test.ts');
    expect(BROWSER_FILES['job-lifecycle']).toBe('tests/e2e/job-model.test.ts');
  });
});
