import type { Job, Run } from '../../contract/job';

/** A job as the server answers it: uuid j1, active, one skills criterion; `over` changes any part. */
export const jobFixture = (over: Partial<Job> = {}): Job => ({
  uuid: 'j1',
  origin: 'agent',
  status: 'active',
  values: { title: 'Lager', target_types: ['stella'] },
  criteria: [{ key: 'skills', value: ['typescript'], weight: 3, must: false }],
  company: null,
  client: null,
  clientText: null,
  assignedAgent: null,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  lastRun: null,
  criteriaChangedSinceRun: false,
  ...over,
});

/** Run r1 of job j1 in a state, at a progress. */
export const runFixture = (state: Run['state'], progress: number): Run => ({
  uuid: 'r1',
  jobUuid: 'j1',
  state,
  progress,
  createdAt: '2026-11-02T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  considered: null,
  included: null,
  excluded: null,
  bestScore: null,
  histogram: null,
  excludedBy: null,
  error: null,
});
