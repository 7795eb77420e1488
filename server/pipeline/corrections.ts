import { sql } from 'drizzle-orm';
import { isUuid } from '../../contract/agent';
import type { PipelineEntry } from '../../contract/pipeline';
import type { PipelineCorrection, PipelineRemoval, PipelineUndo } from '../../contract/pipeline-corrections';
import { assertAgent, type Caller } from '../auth/caller';
import type { Database } from '../db/client';
import { entryNotFound } from './change';
import { assertJobExists, changeEntries, entriesInOrder, entriesWhere, type MoveOutcome } from './pipeline';

/**
 * Issue 42 "Pipeline slips cannot be corrected": an agent corrects an entry to an earlier stage with a
 * reason, undoes their own move right after it, or removes an entry. Each goes through
 * applyPipelineChange (server/pipeline/change.ts), which asks contract/pipeline.ts's rules; the server
 * refuses what they refuse (409 with the entries as they are).
 */

/** POST /api/pipeline/{entry}/correct: back to an earlier open stage, with the reason on the timeline. */
export async function correctEntry(
  db: Database,
  caller: Caller,
  entryId: string,
  body: PipelineCorrection,
): Promise<MoveOutcome<PipelineEntry, 'pipeline.transition_refused' | 'pipeline.version_conflict'>> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const outcome = await changeEntries(
    db,
    caller,
    [{ uuid: entryId, version: body.version }],
    { kind: 'correct', to: body.to, reason: body.reason },
    null,
  );
  const [entry] = await entriesWhere(db, sql`e.id = ${entryId.toLowerCase()}`);
  if (outcome.ok) return { ok: true, value: entry! };
  return { ok: false, code: outcome.code as 'pipeline.transition_refused', current: entry! };
}

export type UndoCode =
  | 'pipeline.version_conflict'
  | 'pipeline.nothing_to_undo'
  | 'pipeline.undo_not_yours'
  | 'pipeline.undo_expired';

/** POST /api/job/{uuid}/pipeline/undo: the caller's last move of each entry named, all or none. */
export async function undoEntries(
  db: Database,
  caller: Caller,
  jobId: string,
  body: PipelineUndo,
): Promise<MoveOutcome<PipelineEntry[], UndoCode>> {
  assertAgent(caller);
  const job = await assertJobExists(db, jobId);
  const outcome = await changeEntries(db, caller, body.entries, { kind: 'undo' }, job);
  const current = await entriesInOrder(db, body.entries);
  return outcome.ok ? { ok: true, value: current } : { ok: false, code: outcome.code as UndoCode, current };
}

/**
 * POST /api/pipeline/{entry}/remove: the entry leaves the pipeline (deleted); both timelines keep its
 * moves and say it was removed. Adding the candidate again starts a new entry.
 */
export async function removeEntry(
  db: Database,
  caller: Caller,
  entryId: string,
  body: PipelineRemoval,
): Promise<{ ok: true } | { ok: false; code: 'pipeline.version_conflict'; current: PipelineEntry }> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const outcome = await changeEntries(
    db,
    caller,
    [{ uuid: entryId, version: body.version }],
    { kind: 'remove', reason: body.reason || undefined },
    null,
  );
  if (outcome.ok) return { ok: true };
  const [entry] = await entriesWhere(db, sql`e.id = ${entryId.toLowerCase()}`);
  return { ok: false, code: 'pipeline.version_conflict', current: entry! };
}
