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

export const pipelineTable: ModelTable = {
  rules: {
    '*': 'PRODUCT §10 pipeline per job',
  },
  initial: 'proposed',
  initialContext: { lastOpen: 'proposed', reason: null, by: null },
  initialTags: ['open'],
  events: PIPELINE_EVENTS,
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
      'pipeline.submitted': open('submitted'),
      'pipeline.interview': open('interview'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('contacted'),
      'pipeline.rejected': rejected('contacted'),
      'pipeline.withdrawn': withdrawn('contacted'),
    },
    submitted: {
      'pipeline.interview': open('interview'),
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('submitted'),
      'pipeline.rejected': rejected('submitted'),
      'pipeline.withdrawn': withdrawn('submitted'),
    },
    interview: {
      'pipeline.offer': open('offer'),
      'pipeline.placed': placed('interview'),
      'pipeline.rejected': rejected('interview'),
      'pipeline.withdrawn': withdrawn('interview'),
    },
    offer: {
      'pipeline.placed': placed('offer'),
      'pipeline.rejected': rejected('offer'),
      'pipeline.withdrawn': withdrawn('offer'),
    },
    // Final: the one move left is back to the last open stage.
    'placed#proposed': { 'pipeline.proposed': open('proposed') },
    'placed#contacted': { 'pipeline.contacted': open('contacted') },
    'placed#submitted': { 'pipeline.submitted': open('submitted') },
    'placed#interview': { 'pipeline.interview': open('interview') },
    'placed#offer': { 'pipeline.offer': open('offer') },
    'rejected#proposed': { 'pipeline.proposed': open('proposed') },
    'rejected#contacted': { 'pipeline.contacted': open('contacted') },
    'rejected#submitted': { 'pipeline.submitted': open('submitted') },
    'rejected#interview': { 'pipeline.interview': open('interview') },
    'rejected#offer': { 'pipeline.offer': open('offer') },
    'withdrawn#proposed': { 'pipeline.proposed': open('proposed') },
    'withdrawn#contacted': { 'pipeline.contacted': open('contacted') },
    'withdrawn#submitted': { 'pipeline.submitted': open('submitted') },
    'withdrawn#interview': { 'pipeline.interview': open('interview') },
    'withdrawn#offer': { 'pipeline.offer': open('offer') },
  },
};

/** A table key's stage and the open stage it reopens to ("rejected#offer" → rejected, offer). */
export function keyStage(key: string): { stage: string; lastOpen: string } {
  const [stage, label] = key.split('#') as [string, string | undefined];
  return { stage, lastOpen: label ?? stage };
}
