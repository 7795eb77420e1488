import type { Expectation, ModelTable } from './model';

// The pipeline's stages and moves as PRODUCT.md §10 and docs/decisions/0023-pipeline-moves.md state
// them, written by hand: the client's machine (src/machines/pipeline/pipeline-entry.model.test.ts)
// and the server's moves (server/http/pipeline-moves.routes.db.test.ts) are both checked against it, never
// against contract/pipeline.ts, which both are built from. A final state's key carries the open stage
// it reopens to after "#" (placed#offer: placed, last open stage offer).

/** One event per stage an entry may be sent to. */
export const PIPELINE_EVENTS = [
  'pipeline.proposed',
  'pipeline.contacted',
  'pipeline.submitted',
  'pipeline.interview',
  'pipeline.offer',
  'pipeline.placed',
  'pipeline.rejected',
  'pipeline.withdrawn',
] as const;

/**
 * "Correct the stage" (issue 42): one event per open stage an entry may be corrected back to, with a
 * reason (CORRECTION); the entry lands there open, its reason on the timeline, not on the entry.
 */
export const CORRECTION_EVENTS = [
  'correct.proposed',
  'correct.contacted',
  'correct.submitted',
  'correct.interview',
  'correct.offer',
] as const;
export const CORRECTION = { reason: 'Falsch gezogen' } as const;

/** What a rejection and a withdrawal carry in the tests. */
export const REJECTION = { by: 'client', reason: 'Sucht jemanden mit Staplerschein' } as const;
export const WITHDRAWAL = { reason: 'Hat eine andere Stelle angenommen' } as const;

const open = (stage: string): Expectation => ({
  target: stage,
  context: { lastOpen: stage, reason: null, by: null },
  tags: ['open'],
});
const placed = (from: string): Expectation => ({
  target: `placed#${from}`,
  context: { lastOpen: from, reason: null, by: null },
  tags: ['final'],
});
const rejected = (from: string): Expectation => ({
  target: `rejected#${from}`,
  context: { lastOpen: from, reason: REJECTION.reason, by: REJECTION.by },
  tags: ['final'],
});
const withdrawn = (from: string): Expectation => ({
  target: `withdrawn#${from}`,
  context: { lastOpen: from, reason: WITHDRAWAL.reason, by: 'candidate' },
  tags: ['final'],
});

/** Corrections back to each of `stages` (written out per state below: earlier open stages only). */
const correctTo = (...stages: string[]): Record<string, Expectation> =>
  Object.fromEntries(stages.map((stage) => [`correct.${stage}`, open(stage)]));
const ALL_OPEN = ['proposed', 'contacted', 'submitted', 'interview', 'offer'];

export const pipelineTable: ModelTable = {
  rules: {
    '*': 'PRODUCT §10 pipeline per job',
    'correct.*': 'PRODUCT §11 pipeline corrections',
  },
  initial: 'proposed',
  initialContext: { lastOpen: 'proposed', reason: null, by: null },
  initialTags: ['open'],
  events: [...PIPELINE_EVENTS, ...CORRECTION_EVENTS],
  states: {
    proposed: {
      'pipeline.contacted': open('contacted'),
      'pipeline.submitted': open('submitted'),
      'pipeline.interview': open('interview'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('proposed'),
      'pipeline.rejected': rejected('proposed'),
      'pipeline.withdrawn': withdrawn('proposed'),
    },
    contacted: {
      ...correctTo('proposed'),
      'pipeline.submitted': open('submitted'),
      'pipeline.interview': open('interview'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('contacted'),
      'pipeline.rejected': rejected('contacted'),
      'pipeline.withdrawn': withdrawn('contacted'),
    },
    submitted: {
      ...correctTo('proposed', 'contacted'),
      'pipeline.interview': open('interview'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('submitted'),
      'pipeline.rejected': rejected('submitted'),
      'pipeline.withdrawn': withdrawn('submitted'),
    },
    interview: {
      ...correctTo('proposed', 'contacted', 'submitted'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('interview'),
      'pipeline.rejected': rejected('interview'),
      'pipeline.withdrawn': withdrawn('interview'),
    },
    offer: {
      ...correctTo('proposed', 'contacted', 'submitted', 'interview'),
      'pipeline.placed': placed('offer'),
      'pipeline.rejected': rejected('offer'),
      'pipeline.withdrawn': withdrawn('offer'),
    },
    // Final: the one move left is back to the last open stage; a correction goes to any open stage
    // before it (placed: all of them; rejected, withdrawn: up to the last open stage).
    'placed#proposed': { 'pipeline.proposed': open('proposed'), ...correctTo(...ALL_OPEN) },
    'placed#contacted': { 'pipeline.contacted': open('contacted'), ...correctTo(...ALL_OPEN) },
    'placed#submitted': { 'pipeline.submitted': open('submitted'), ...correctTo(...ALL_OPEN) },
    'placed#interview': { 'pipeline.interview': open('interview'), ...correctTo(...ALL_OPEN) },
    'placed#offer': { 'pipeline.offer': open('offer'), ...correctTo(...ALL_OPEN) },
    'rejected#proposed': { 'pipeline.proposed': open('proposed'), ...correctTo('proposed') },
    'rejected#contacted': { 'pipeline.contacted': open('contacted'), ...correctTo('proposed', 'contacted') },
    'rejected#submitted': {
      'pipeline.submitted': open('submitted'),
      ...correctTo('proposed', 'contacted', 'submitted'),
    },
    'rejected#interview': {
      'pipeline.interview': open('interview'),
      ...correctTo('proposed', 'contacted', 'submitted', 'interview'),
    },
    'rejected#offer': {
      'pipeline.offer': open('offer'),
      ...correctTo('proposed', 'contacted', 'submitted', 'interview', 'offer'),
    },
    'withdrawn#proposed': { 'pipeline.proposed': open('proposed'), ...correctTo('proposed') },
    'withdrawn#contacted': { 'pipeline.contacted': open('contacted'), ...correctTo('proposed', 'contacted') },
    'withdrawn#submitted': {
      'pipeline.submitted': open('submitted'),
      ...correctTo('proposed', 'contacted', 'submitted'),
    },
    'withdrawn#interview': {
      'pipeline.interview': open('interview'),
      ...correctTo('proposed', 'contacted', 'submitted', 'interview'),
    },
    'withdrawn#offer': {
      'pipeline.offer': open('offer'),
      ...correctTo('proposed', 'contacted', 'submitted', 'interview', 'offer'),
    },
  },
};

/** A table key's stage and the open stage it reopens to ("rejected#offer" → rejected, offer). */
export function keyStage(key: string): { stage: string; lastOpen: string } {
  const [stage, label] = key.split('#') as [string, string | undefined];
  return { stage, lastOpen: label ?? stage };
}
