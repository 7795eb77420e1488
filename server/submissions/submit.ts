import { and, eq } from 'drizzle-orm';
import type { CardKind } from '../../contract/cards';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/client';
import { pipelineEntries } from '../db/schema/pipeline';
import { applyPipelineChange, insertEntry } from '../pipeline/change';
import type { SentTo } from './send';

/**
 * The send's pipeline step (server/submissions/send.ts `AfterSent`, in the send's transaction): every
 * candidate sent to the client is `submitted` on the job's pipeline — added when not in it yet,
 * moved on from `proposed` or `contacted`; an entry that is further on or closed stays where it is
 * (sending a card again is no step back). Each entry records the first send and the card the client
 * got (`full` for those in `full`; a client who once got the name keeps it). Each move is on both
 * timelines, as any move is.
 */
export async function submitSent(
  tx: Database,
  caller: Caller,
  jobId: string,
  profileIds: string[],
  full: string[],
  to: SentTo,
) {
  for (const profile of profileIds) {
    const card: CardKind = full.includes(profile) ? 'full' : 'anonymised';
    const sent = { card, company: to.company, contact: to.contact };
    if (await insertEntry(tx, caller, { job: jobId, profile, sent })) continue;
    const [row] = await tx
      .select({ id: pipelineEntries.id })
      .from(pipelineEntries)
      .where(and(eq(pipelineEntries.jobId, jobId), eq(pipelineEntries.profileId, profile)));
    if (!row) continue;
    await applyPipelineChange(tx, {
      caller,
      entries: [{ id: row.id }],
      change: { kind: 'send', ...sent },
      now: new Date(),
    });
  }
}
