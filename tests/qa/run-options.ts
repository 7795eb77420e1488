import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_GENERATOR, type GeneratorSpec, parseGenerator } from './generators';

/*
 * What `npm run qa -- run|list|paths` asks of the model tests it starts (tests/qa/cli.ts): it runs
 * Vitest on the model test files with these variables, and describeModelTable() (tests/support/
 * model.ts) replays the generator's paths instead of one per row and writes what happened to QA_OUT.
 * Without QA_OUT nothing changes: `npm test` replays one path per row, as always.
 */

export interface QaRun {
  generator: GeneratorSpec;
  seed: number;
  /** Replay only this path (its number, 1-based, in the generator's order): the replay command's. */
  path: number | undefined;
  /** Only this table of a machine with several (its name). */
  table: string | undefined;
  /** The folder the results go to (one JSON file per machine). */
  out: string;
  /** Write the tables and the machines' graphs, replay nothing (for `list` and `paths`). */
  dump: boolean;
  /** Walk the paths in Chromium (tests/qa/browser.ts) instead of replaying them on the machine. */
  browser: boolean;
  /** Where a browser run saves its screenshots (default: beside QA_OUT, in `shots`). */
  shots: string | undefined;
  /** The machine a browser run is for (its slug), where one browser test file serves several. */
  machine: string | undefined;
}

export function qaRun(env: NodeJS.ProcessEnv = process.env): QaRun | undefined {
  if (!env.QA_OUT) return undefined;
  const path = env.QA_PATH ? Number(env.QA_PATH) : undefined;
  return {
    generator: parseGenerator(env.QA_GENERATOR || DEFAULT_GENERATOR),
    seed: env.QA_SEED ? Number(env.QA_SEED) : 1,
    path: path !== undefined && Number.isInteger(path) && path > 0 ? path : undefined,
    table: env.QA_TABLE || undefined,
    out: env.QA_OUT,
    dump: env.QA_DUMP === '1',
    browser: env.QA_BROWSER === '1',
    shots: env.QA_SHOTS || undefined,
    machine: env.QA_MACHINE || undefined,
  };
}

/** The command that replays one path of a run (printed by `qa run`, shown by the report). */
export function replayCommand(
  machine: string,
  generator: string,
  seed: number,
  path: number,
  table?: string,
  browser?: { base: string | null },
): string {
  const parts = [
    'npm run qa -- run',
    machine,
    `--generator '${generator}'`,
    `--seed ${seed}`,
    `--path ${path}`,
  ];
  if (table) parts.push(`--table '${table}'`);
  if (browser) parts.push('--browser');
  if (browser?.base) parts.push(`--base ${browser.base}`);
  return parts.join(' ');
}

/** A machine's name as a file name and a command-line argument ("job preview" → "job-preview"). */
export const qaSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function writeQaFile(run: QaRun, name: string, content: unknown): void {
  mkdirSync(run.out, { recursive: true });
  writeFileSync(join(run.out, `${qaSlug(name)}.json`), `${JSON.stringify(content, replacer, 2)}\n`);
}

/** Tables hold values JSON lacks (undefined, functions, errors); the report shows them as text. */
function replacer(_key: string, value: unknown): unknown {
  if (value === undefined) return '(undefined)';
  if (typeof value === 'function') return `[function ${(value as { name?: string }).name || ''}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value instanceof Set) return [...value];
  if (value instanceof Map) return Object.fromEntries(value);
  return value;
}

/** One step of a path as the results name it. */
export interface QaStep {
  from: string;
  event: string;
  target: string;
  /** The rule of the specification the row checks (SEED / PRODUCT section). */
  rule?: string;
  /** What the row expects besides the state (rows of a table; a path's steps leave them out). */
  context?: Record<string, unknown>;
  tags?: string[];
  invoked?: { src: string; input: unknown }[];
  /** A browser run's screenshot after the step (an absolute path; the report links it relatively). */
  screenshot?: string;
  /** A browser run looked at the screen in the step's target (false: a busy state, passed too fast). */
  looked?: boolean;
}

export interface QaFailure {
  /** The step that failed (0-based; -1: the initial state). */
  step: number;
  /** What was compared ("idle --submit--> target", "idle refuses reset: context"). */
  what: string;
  expected: unknown;
  observed: unknown;
  message: string;
}

export interface QaPathResult {
  /** 1-based, in the generator's order: QA_PATH replays it. */
  index: number;
  name: string;
  steps: QaStep[];
  status: 'passed' | 'failed' | 'not run';
  failure?: QaFailure;
  /** Steps whose context and actor inputs were compared too (on the table's own route to the row). */
  exactSteps?: number;
  /** Why a browser run did not walk the path (a step a browser cannot give). */
  skipped?: string;
}

export interface QaTableResult {
  name: string;
  initial: string;
  events: string[];
  rows: QaStep[];
  paths: QaPathResult[];
}

/** A machine's own graph, and what the replays passed through. */
export interface QaMachineGraph {
  id: string;
  states: string[];
  transitions: string[];
  taken: string[];
  visited: string[];
}

/** What one model test file wrote: `npm run qa` reads these. */
export interface QaFile {
  name: string;
  /** The model test file, relative to the repository. */
  file: string;
  generator: string;
  seed: number;
  dump: boolean;
  /** Walked in Chromium (`run --browser`): against `base`, or an instance of its own (null). */
  browser?: { base: string | null };
  tables: QaTableResult[];
  machines: QaMachineGraph[];
  finishedAt: string;
}
