import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathFromQa, readResults, runVitest } from './cli';
import { coverage, parseGenerator } from './generators';
import { tableFromQa } from './tables';

/*
 * Issue 24: the other generators must not report false failures in-process. These machines' tables
 * once held only on their shortest routes (a state the table named more coarsely than the machine
 * remembers it), their drivers answered a call a later event had replaced, or the machine kept what
 * it should have dropped (the session's resend cooldown outliving its credentials); a random
 * generator's longer walks found it. Each seed's paths must all pass and cross every row.
 */
const MACHINES = {
  download: 'src/machines/shared/download.model.test.ts',
  resource: 'src/machines/shared/resource.model.test.ts',
  'job preview': 'src/machines/jobs/job-preview.model.test.ts',
  'phone-setup': 'src/machines/account/phone-setup.model.test.ts',
  'pipeline-board': 'src/machines/pipeline/pipeline-board.model.test.ts',
  profile: 'src/machines/profile/profile.model.test.ts',
  'candidate-actions': 'src/machines/candidates/candidate-actions.model.test.ts',
  session: 'src/machines/session/session.model.test.ts',
};
const GENERATOR = parseGenerator('quick_random(edge_coverage(100))');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * One seed's walks of every machine above. A seed to a test file (random-walks.seed-*.test.ts): each
 * replays the eight machines' walks in a Vitest of its own (~45 s), and two files run side by side.
 */
export function describeRandomWalks(seed: number): void {
  describe(`quick_random(edge_coverage(100)), seed ${seed}, in-process`, () => {
    const out = mkdtempSync(join(tmpdir(), 'matchwerk-walks-'));
    dirs.push(out);
    let passed: boolean | undefined;
    const run = () => {
      passed ??= runVitest(Object.values(MACHINES), { out, generator: GENERATOR, seed, quiet: true });
      return passed;
    };
    const results = () => {
      run();
      return readResults(out);
    };

    it('replays them with Vitest passing', () => {
      expect(run()).toBe(true);
    }, 240_000);

    it.each(Object.keys(MACHINES))(
      '%s: every path passes and every row is crossed',
      (name) => {
        const result = results().find((r) => r.name === name);
        expect(result, `${name} wrote no result`).toBeDefined();
        for (const table of result?.tables ?? []) {
          const failed = table.paths
            .filter((p) => p.status !== 'passed')
            .map((p) => ({ path: p.index, step: p.failure?.step, what: p.failure?.what }));
          expect(failed, `${name} / ${table.name}: failing paths`).toEqual([]);
          const crossed = coverage(tableFromQa(table), table.paths.map(pathFromQa));
          expect(crossed.edges, `${name} / ${table.name}: rows crossed`).toBe(crossed.edgesTotal);
          // A longer walk than the table's own routes: several rows a path.
          expect(table.paths.length).toBeLessThan(crossed.edgesTotal);
        }
      },
      240_000,
    );
  });
}
