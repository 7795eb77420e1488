import { describe, expect, it } from 'vitest';
import { tablePaths } from '../support/model';
import { registrationTable } from '../support/registration-table';
import { sessionTable } from '../support/session-table';
import { coverage, GeneratorSyntaxError, generatePaths, parseGenerator, tableGraph } from './generators';

const TABLES = { session: sessionTable, registration: registrationTable };

describe('path generators', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    for (const text of [
      'shortest(edge_coverage(100))',
      'quick_random(edge_coverage(100))',
      'postman',
      'random(edge_coverage(100))',
    ]) {
      it(`${text} crosses every row of the ${name} table`, () => {
        const paths = generatePaths(table, parseGenerator(text), 42);
        const cov = coverage(table, paths);
        expect(cov.edges).toBe(cov.edgesTotal);
        // Every path is a walk of the table from its initial state.
        for (const path of paths) {
          let at = table.initial;
          for (const step of path.steps) {
            expect(step.from).toBe(at);
            expect(table.states[at]?.[step.event]).toBe(step.expect);
            at = step.expect.target;
          }
        }
      });
    }

    it(`gives the same paths for the same seed and others for another (${name})`, () => {
      for (const text of ['quick_random(edge_coverage(100))', 'random(length(50))']) {
        const gen = parseGenerator(text);
        const names = (seed: number) =>
          generatePaths(table, gen, seed).map((p) => p.steps.map((s) => s.event).join(' '));
        expect(names(7)).toEqual(names(7));
        expect(names(7)).not.toEqual(names(8));
      }
    });
  }

  it('shortest(edge_coverage(100)) is what npm test replays: one path per row', () => {
    const paths = generatePaths(sessionTable, parseGenerator('shortest(edge_coverage(100))'));
    expect(paths.map((p) => p.name).sort()).toEqual(
      tablePaths(sessionTable)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('random(length(N)) walks exactly N steps, in new walks where a state takes nothing', () => {
    const paths = generatePaths(registrationTable, parseGenerator('random(length(50))'), 3);
    expect(paths.reduce((n, p) => n + p.steps.length, 0)).toBe(50);
  });

  it('postman needs fewer steps than a path per row', () => {
    const postman = generatePaths(sessionTable, parseGenerator('postman'));
    const perRow = generatePaths(sessionTable, parseGenerator('shortest(edge_coverage(100))'));
    const steps = (ps: typeof postman) => ps.reduce((n, p) => n + p.steps.length, 0);
    expect(steps(postman)).toBeLessThan(steps(perRow));
  });

  it('a_star(reached(S)) is the shortest way to S', () => {
    const [path] = generatePaths(sessionTable, parseGenerator('a_star(reached(mfaPending#cooling))'));
    expect(path?.steps.map((s) => s.event)).toEqual(['login', 'loginPending']);
    expect(path?.steps.at(-1)?.expect.target).toBe('mfaPending#cooling');
  });

  it('stops at a share of the rows or when a state is reached', () => {
    const half = generatePaths(sessionTable, parseGenerator('quick_random(edge_coverage(50))'), 1);
    const cov = coverage(sessionTable, half);
    expect(cov.edges).toBeGreaterThanOrEqual(Math.ceil(cov.edgesTotal / 2));
    expect(cov.edges).toBeLessThan(cov.edgesTotal);
    const reached = generatePaths(
      sessionTable,
      parseGenerator('random(reached(mfaPending) or length(5000))'),
      5,
    );
    expect(reached.at(-1)?.steps.at(-1)?.expect.target).toBe('mfaPending');
  });

  it('refuses what is not a generator, with what is wrong', () => {
    for (const [text, message] of [
      ['dijkstra(edge_coverage(100))', 'unknown generator "dijkstra"'],
      ['random', 'random needs a stop condition'],
      ['random(edge_coverage(150))', 'edge_coverage() takes a whole number from 1 to 100'],
      ['random(coverage(10))', 'unknown stop condition "coverage"'],
      ['a_star(length(3))', 'a_star takes reached(<state>)'],
      ['postman(length(3))', 'postman takes no stop condition'],
    ] as const) {
      expect(() => parseGenerator(text), text).toThrow(GeneratorSyntaxError);
      expect(() => parseGenerator(text), text).toThrow(message);
    }
    expect(() => generatePaths(sessionTable, parseGenerator('a_star(reached(nowhere))'))).toThrow(
      'the table has no state "nowhere"',
    );
  });

  it('reads the table as a graph of its rows', () => {
    const graph = tableGraph(sessionTable);
    const rows = Object.values(sessionTable.states).reduce((n, r) => n + Object.keys(r).length, 0);
    expect(graph.edges).toHaveLength(rows);
    expect(graph.vertices).toContain(sessionTable.initial);
  });
});
