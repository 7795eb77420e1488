import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_TABLES, type JobModules, loadJobModules, startJob } from '../support/job-replay';
import { onTableRoute, replayPath } from '../support/model';
import { coverage, generatePaths, parseGenerator } from './generators';

/*
 * Issue 24: the job's tables hold on every route a generator takes, not only on their shortest one.
 * `npm run qa -- run job-lifecycle --generator 'quick_random(edge_coverage(100))'` once failed here
 * on rows written for their shortest route (a failed archiving back to `idle` where the machine
 * returns to its done run; a title typed back beside a changed criterion). Replayed in-process as the
 * QA tool does: every step's state, tags, the actors it starts and the refused events changing
 * nothing; a step's context and actor inputs where the path follows the table's own route to it.
 */

const GENERATOR = parseGenerator('quick_random(edge_coverage(100))');
const SEEDS = [1, 3];

describe('the job tables on quick_random(edge_coverage(100)) walks', () => {
  let modules: JobModules;
  beforeAll(async () => {
    modules = await loadJobModules();
  });

  for (const { name, table, config } of JOB_TABLES) {
    const onRoute = onTableRoute(table);
    it.each(SEEDS)(`${name}: every path of seed %i replays as the table says`, async (seed) => {
      const paths = generatePaths(table, GENERATOR, seed);
      // The walks cross every row of the table, most of them off their shortest route.
      const cov = coverage(table, paths);
      expect(cov.edges).toBe(cov.edgesTotal);
      let offRoute = 0;
      for (const path of paths) {
        await replayPath(
          table,
          path,
          () => startJob(modules, config, () => {}),
          (actual, expected, what) => expect(actual, `${path.name}: ${what}`).toEqual(expected),
          {
            exact: (i) => {
              const on = onRoute(path, i);
              if (!on) offRoute += 1;
              return on;
            },
          },
        );
      }
      expect(offRoute).toBeGreaterThan(0);
    });
  }
});
