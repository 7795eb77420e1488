import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';

/**
 * Where a run's time went (issue 40): every project's and every file's wall time, what a file spent
 * before its first test (environment, imports, its `beforeAll` hooks are in `duration`), its tests and
 * `expect` calls, and the slowest tests, written to `reports/test-timings.json` at the end of each run.
 * `npm run test:timings` prints it as the tables in docs/testing.md.
 */
export const TIMINGS_FILE = 'reports/test-timings.json';

export interface FileTiming {
  project: string;
  file: string;
  /** From the file's start to its end as the main process saw them. */
  wallMs: number;
  startMs: number;
  /** The environment (jsdom), the setup files, the file's imports. */
  environmentMs: number;
  setupMs: number;
  collectMs: number;
  /** Its tests and hooks. */
  runMs: number;
  tests: number;
  failed: number;
  skipped: number;
  assertions: number;
}

export interface TestTiming {
  project: string;
  file: string;
  name: string;
  durationMs: number;
}

export interface ProjectTiming {
  project: string;
  /** From its first file's start to its last file's end. */
  wallMs: number;
  /** The files' wall times added up: more than wallMs where files ran side by side. */
  fileMs: number;
  files: number;
  tests: number;
  assertions: number;
}

export interface Timings {
  startedAt: string;
  wallMs: number;
  reason: TestRunEndReason;
  workers: number | undefined;
  totals: { files: number; tests: number; failed: number; skipped: number; assertions: number };
  projects: ProjectTiming[];
  files: FileTiming[];
  slowestTests: TestTiming[];
}

export default class TimingsReporter implements Reporter {
  private root = process.cwd();
  private started = Date.now();
  private workers: number | undefined;
  private starts = new Map<string, number>();
  private ends = new Map<string, number>();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.workers = vitest.config.maxWorkers;
  }

  onTestRunStart(): void {
    this.started = Date.now();
    this.starts.clear();
    this.ends.clear();
  }

  onTestModuleStart(module: TestModule): void {
    this.starts.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ends.set(module.id, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    const files: FileTiming[] = [];
    const tests: TestTiming[] = [];
    for (const module of modules) {
      const project = module.project.name || 'default';
      const file = relative(this.root, module.moduleId);
      const d = module.diagnostic();
      let count = 0;
      let failed = 0;
      let skipped = 0;
      let assertions = 0;
      for (const test of module.children.allTests()) {
        count += 1;
        const state = test.result().state;
        if (state === 'failed') failed += 1;
        if (state === 'skipped') skipped += 1;
        assertions += Number(test.meta().assertions ?? 0);
        tests.push({
          project,
          file,
          name: test.fullName,
          durationMs: Math.round(test.diagnostic()?.duration ?? 0),
        });
      }
      const start = this.starts.get(module.id) ?? this.started;
      const end = this.ends.get(module.id) ?? start;
      files.push({
        project,
        file,
        wallMs: end - start,
        startMs: start - this.started,
        environmentMs: Math.round(d.environmentSetupDuration + d.prepareDuration),
        setupMs: Math.round(d.setupDuration),
        collectMs: Math.round(d.collectDuration),
        runMs: Math.round(d.duration),
        tests: count,
        failed,
        skipped,
        assertions,
      });
    }
    files.sort((a, b) => b.wallMs - a.wallMs);
    const byProject = new Map<string, FileTiming[]>();
    for (const f of files) byProject.set(f.project, [...(byProject.get(f.project) ?? []), f]);
    const projects = [...byProject].map(([project, list]) => ({
      project,
      wallMs: Math.max(...list.map((f) => f.startMs + f.wallMs)) - Math.min(...list.map((f) => f.startMs)),
      fileMs: sum(list, 'wallMs'),
      files: list.length,
      tests: sum(list, 'tests'),
      assertions: sum(list, 'assertions'),
    }));
    projects.sort((a, b) => b.wallMs - a.wallMs);
    const timings: Timings = {
      startedAt: new Date(this.started).toISOString(),
      wallMs: Date.now() - this.started,
      reason,
      workers: this.workers,
      totals: {
        files: files.length,
        tests: sum(files, 'tests'),
        failed: sum(files, 'failed'),
        skipped: sum(files, 'skipped'),
        assertions: sum(files, 'assertions'),
      },
      projects,
      files,
      slowestTests: tests.sort((a, b) => b.durationMs - a.durationMs).slice(0, 30),
    };
    const out = resolve(this.root, TIMINGS_FILE);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(timings, null, 2)}\n`);
  }
}

function sum<T>(list: T[], key: { [K in keyof T]: T[K] extends number ? K : never }[keyof T]): number {
  return list.reduce((total, item) => total + (item[key] as number), 0);
}
