import { describe, expect, it } from 'vitest';
import { pathAlong, planJobPath } from '../e2e/job-driver';
import { agentJob, companyRequest, copyDraft, newDraft } from '../support/job-table';
import type { ModelTable } from '../support/model';
import { generatePaths, parseGenerator } from './generators';

/*
 * The job's browser driver (tests/e2e/job-driver.ts) walks a generated path on one screen, moving
 * between the results page and the editor only where both regions are at rest and a reload shows the
 * same state. These are the cases, written by hand: which screen a path starts on, where it moves, and
 * which step stops a path from being walked.
 */

const plan = (table: ModelTable, events: string[]) => planJobPath(table, pathAlong(table, events));
const moves = (p: ReturnType<typeof plan>) =>
  p.moves.flatMap((screen, i) => (screen ? [`${i + 1} → ${screen}`] : []));

describe('the job driver: the screen of a generated path', () => {
  it.each([
    // events, start screen, the job it opens, moves (before step n → screen)
    [['loaded'], 'results', 'fresh', []],
    [['loadedRunning', 'upDone'], 'results', 'ran', []],
    [['loadedStale', 'edit'], 'editor', 'stale', []],
    [['loadedArchived', 'activate', 'statusOk'], 'results', 'archived', []],
    [['loadFailed', 'retry', 'loaded', 'edit'], 'editor', 'fresh', []],
    // A run that ended (for real, or as the network said) is what the editor loads too.
    [['loadedRunning', 'upDone', 'edit'], 'results', 'ran', ['3 → editor']],
    [['loadedRunning', 'upFailed', 'criterion'], 'results', 'ran', ['3 → editor']],
    // A failed archiving returns to the done run (the table's `archiving#done`): reopened, it is done.
    [['loadedRunning', 'upDone', 'archive', 'statusFailed', 'edit'], 'results', 'ran', ['5 → editor']],
    // Saved and clean, back to the results page to run it.
    [['loaded', 'edit', 'save', 'saved', 'run', 'runQueued'], 'editor', 'fresh', ['5 → results']],
  ] as const)('%j: on the %s page, a %s job, moves %j', (events, screen, setup, expected) => {
    const p = plan(agentJob, [...events]);
    expect(p.why).toBeUndefined();
    expect(p.screen).toBe(screen);
    expect(p.setup).toBe(setup);
    expect(moves(p)).toEqual(expected);
  });

  it.each([
    [
      agentJob,
      ['loaded', 'edit', 'run'],
      'step 3 (in active.editing.dirty|active.run.idle: run)',
      'form would be lost',
    ],
    [
      agentJob,
      ['loaded', 'edit', 'save', 'saveConflict', 'archive'],
      'step 5 (in active.editing.conflict|active.run.idle: archive)',
      'conflict form would be lost',
    ],
    [agentJob, ['loadedRunning', 'edit'], 'step 1 (in loading: loadedRunning)', 'editor does not show it'],
    [
      agentJob,
      ['loadedRunning', 'upQueued', 'edit'],
      'step 3 (in active.editing.clean|active.run.inFlight.queued: edit)',
      'editor does not show it',
    ],
    [
      agentJob,
      ['loaded', 'run', 'archive'],
      'step 3 (in active.editing.clean|active.run.requesting: archive)',
      'request is in flight',
    ],
    [
      agentJob,
      ['loaded', 'edit', 'save', 'delete'],
      'step 4 (in active.editing.saving|active.run.idle: delete)',
      'request is in flight',
    ],
    [newDraft, ['edit', 'saveTooLong'], 'step 2 (in draft.dirty: saveTooLong)', 'nothing to save'],
    [companyRequest, ['saveTooLong'], 'step 1 (in draft.clean: saveTooLong)', 'nothing to save'],
    [newDraft, ['criterion', 'editBack'], 'step 2 (in draft.dirty#untitled: editBack)', 'criterion stays'],
  ] as const)('%#: not walked at %s (%s)', (table, events, step, why) => {
    const p = plan(table, [...events]);
    expect(p.why).toContain(step);
    expect(p.why).toContain(why);
  });

  it('the drafts have one screen each, and a copy takes every path', () => {
    expect(plan(newDraft, ['edit', 'save', 'created']).screen).toBe('draft');
    expect(plan(companyRequest, ['edit', 'save', 'created']).screen).toBe('company');
    expect(plan(copyDraft, ['loadedArchived', 'saveTooLong']).screen).toBe('copy');
    const copies = generatePaths(copyDraft, parseGenerator('shortest(edge_coverage(100))'), 1);
    expect(copies.filter((p) => planJobPath(copyDraft, p).why)).toEqual([]);
  });

  it('most of the shortest paths over every row of an existing job can be walked', () => {
    const paths = generatePaths(agentJob, parseGenerator('shortest(edge_coverage(100))'), 1);
    const walkable = paths.filter((p) => !planJobPath(agentJob, p).why);
    // 82 of 106 when written; 186 of 266 since the table names what the run and the form remember
    // (archiving#done, dirty#tooLong, …): the others edit beside a run in flight (6), act while a
    // request is in flight (42), or need the results page while the editor holds unsaved changes (32).
    expect(walkable.length / paths.length).toBeGreaterThan(0.65);
  });
});
