import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PIPELINE_STAGES, type PipelineEntry } from '../../contract/pipeline';
import type { Caller } from '../auth/caller';
import { jobs } from '../db/schema/jobs';
import { profiles } from '../db/schema/profiles';
import { timelineEntries } from '../db/schema/timeline';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { withPipelineCounts } from './counts';
import { addEntry, listBoard, moveEntry, setFollowUp } from './pipeline';

// The pipeline's domain functions against a real, migrated database: what an agent's move does to an
// entry and to the timelines, and what the rules of contract/pipeline.ts refuse.

const db = setUpTestDb();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const agent: Caller = { userId: crypto.randomUUID(), userType: 'agent', language: 'de', registrationStep: 0 };
let job: string;

async function candidate(first: string, last: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.db.insert(profiles).values({ id, type: 'stella', values: { first_name: first, last_name: last } });
  return id;
}

beforeEach(async () => {
  await db.db
    .insert(users)
    .values({ id: agent.userId, email: 'agent@example.com', passwordHash: 'x', userType: 'agent' });
  job = crypto.randomUUID();
  await db.db.insert(jobs).values({ id: job, createdBy: agent.userId, values: { title: 'Lagerhelfer' } });
});

async function added(profile: string): Promise<PipelineEntry> {
  const { entry, created } = await addEntry(db.db, agent, job, profile);
  expect(created).toBe(true);
  return entry;
}

/** The `stage.changed` events of a timeline's subject, oldest first. */
async function stageEvents(column: 'profileId' | 'jobId', id: string) {
  const rows = await db.db
    .select({ details: timelineEntries.details, author: timelineEntries.authorEmail, at: timelineEntries.at })
    .from(timelineEntries)
    .where(and(eq(timelineEntries[column], id), eq(timelineEntries.action, 'stage.changed')))
    .orderBy(timelineEntries.at, timelineEntries.createdAt);
  return rows;
}

describe('an agent adds and moves an entry', () => {
  it('adds the candidate as proposed, with the name, the times as ISO text, and once only', async () => {
    const profile = await candidate('Anna', 'Müller');
    const entry = await added(profile);
    expect(entry).toMatchObject({
      jobUuid: job,
      profile: { uuid: profile, type: 'stella', name: 'Anna Müller', photo: null },
      stage: 'proposed',
      lastOpenStage: 'proposed',
      version: 0,
      movedBy: 'agent@example.com',
      client: null,
      score: null,
      followUp: null,
    });
    expect(entry.movedAt).toMatch(ISO);
    expect(entry.createdAt).toMatch(ISO);
    const again = await addEntry(db.db, agent, job, profile);
    expect(again.created).toBe(false);
    expect(again.entry).toEqual(entry);
  });

  it("records an entry's move on both timelines with the stage names", async () => {
    const profile = await candidate('Ben', 'Berg');
    const entry = await added(profile);
    const moved = await moveEntry(db.db, agent, entry.uuid, { to: 'contacted', version: entry.version });
    expect(moved).toMatchObject({
      ok: true,
      value: { stage: 'contacted', lastOpenStage: 'contacted', version: 1 },
    });
    const onCandidate = await stageEvents('profileId', profile);
    const onJob = await stageEvents('jobId', job);
    expect(onCandidate.map((e) => e.details)).toEqual([
      { from: null, to: 'proposed', job },
      { from: 'proposed', to: 'contacted', job },
    ]);
    expect(onJob.map((e) => e.details)).toEqual([
      { from: null, to: 'proposed', profile },
      { from: 'proposed', to: 'contacted', profile },
    ]);
    expect(onJob.every((e) => e.author === 'agent@example.com')).toBe(true);
  });

  it('refuses a move back along the chain and changes nothing, answering the entry as it is', async () => {
    const entry = await added(await candidate('Cem', 'Celik'));
    await moveEntry(db.db, agent, entry.uuid, { to: 'submitted', version: 0 });
    const back = await moveEntry(db.db, agent, entry.uuid, { to: 'contacted', version: 1 });
    expect(back).toMatchObject({
      ok: false,
      code: 'pipeline.transition_refused',
      current: { stage: 'submitted', version: 1 },
    });
  });

  it("refuses a move from a version the entry has left: the other agent's move stands", async () => {
    const entry = await added(await candidate('Dora', 'Dahl'));
    await moveEntry(db.db, agent, entry.uuid, { to: 'contacted', version: 0 });
    const stale = await moveEntry(db.db, agent, entry.uuid, { to: 'rejected', by: 'agency', version: 0 });
    expect(stale).toMatchObject({
      ok: false,
      code: 'pipeline.version_conflict',
      current: { stage: 'contacted', version: 1 },
    });
  });

  it('keeps why an entry was rejected and where it reopens to', async () => {
    const entry = await added(await candidate('Emil', 'Ernst'));
    await moveEntry(db.db, agent, entry.uuid, { to: 'interview', version: 0 });
    const rejected = await moveEntry(db.db, agent, entry.uuid, {
      to: 'rejected',
      by: 'client',
      reason: 'Zu weit weg',
      version: 1,
    });
    expect(rejected).toMatchObject({
      ok: true,
      value: { stage: 'rejected', lastOpenStage: 'interview', reason: 'Zu weit weg', reasonBy: 'client' },
    });
    // Moved to interview by hand, the entry counts as presented to the job's client.
    expect(rejected.ok && rejected.value.client?.submittedAt).toMatch(ISO);
  });
});

describe("a job's board", () => {
  it("lists the entries in the contract's stage order, with a count per stage", async () => {
    const [a, b, c] = [await candidate('A', 'A'), await candidate('B', 'B'), await candidate('C', 'C')];
    const ea = await added(a);
    await added(b);
    const ec = await added(c);
    await moveEntry(db.db, agent, ea.uuid, { to: 'offer', version: 0 });
    await moveEntry(db.db, agent, ec.uuid, { to: 'withdrawn', version: 0 });
    const board = await listBoard(db.db, agent, job);
    const order = board.items.map((e) => PIPELINE_STAGES.indexOf(e.stage));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(board.items.map((e) => e.profile.uuid)).toEqual([b, a, c]);
    expect(board.counts).toMatchObject({ proposed: 1, offer: 1, withdrawn: 1, placed: 0 });
  });

  it("counts each job's entries per stage for the job list, as numbers", async () => {
    const entry = await added(await candidate('F', 'F'));
    await moveEntry(db.db, agent, entry.uuid, { to: 'contacted', version: 0 });
    const list = await withPipelineCounts(db.db, agent, {
      items: [{ uuid: job }] as Parameters<typeof withPipelineCounts>[2]['items'],
    });
    expect(list.items[0]?.pipeline).toMatchObject({ proposed: 0, contacted: 1 });
  });

  it('answers an unknown job as not found', async () => {
    await expect(listBoard(db.db, agent, crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
  });
});

describe('a follow-up', () => {
  it('keeps its day, time and note as the agent set them, and is no move', async () => {
    const entry = await added(await candidate('G', 'G'));
    const set = await setFollowUp(db.db, agent, entry.uuid, {
      followUp: '2026-12-01',
      time: '09:30',
      note: 'Anrufen',
    });
    expect(set).toMatchObject({
      followUp: '2026-12-01',
      followUpTime: '09:30',
      followUpNote: 'Anrufen',
      version: 0,
    });
  });
});
