import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/client';
import type { PipelineBoard, PipelineEntry } from '../../contract/pipeline';
import type { Submission } from '../../contract/submissions';
import type { TimelinePage } from '../../contract/timeline';
import { agentJobBody, codeOf, companyRecord, json, setUpJobFixture } from './job-test-kit';

/**
 * A company changes its answer (issue 42, PRODUCT.md §11): for 10 minutes after answering, while the
 * agency has not changed the entry since, it takes the answer back and the candidate awaits its answer
 * again; afterwards 409 client.change_expired and only an agent changes the entry — a correction back
 * to submitted takes the company's answer back too.
 */

const f = setUpJobFixture({ profiles: 4 });
let jobId = '';
const sentIds: string[] = [];

const entryOf = async (profile: string) =>
  (await json<PipelineBoard>(await f.call('GET', `/api/job/${jobId}/pipeline`, f.tokens.agent))).items.find(
    (e) => e.profile.uuid === profile,
  )!;
const answer = (entry: string, body: unknown, token = f.tokens.company) =>
  f.call('POST', `/api/client/submission/${entry}/answer`, token, body);
const takeBack = (entry: string, token = f.tokens.company) =>
  f.call('POST', `/api/client/submission/${entry}/answer/undo`, token);

beforeAll(async () => {
  const rheinwerk = await companyRecord(f, 'company@jobs.test', 'Rheinwerk Logistik GmbH');
  const contact = await json<Contact>(
    await f.call('PUT', `/api/company/${rheinwerk}/contacts`, f.tokens.agent, {
      name: 'Jana Schmidt',
      email: 'jana@rheinwerk.example',
      language: 'de',
    }),
  );
  jobId = (await f.createJob({ ...agentJobBody('Lager'), client: rheinwerk })).uuid;
  sentIds.push(...f.profiles.slice(0, 4).map((p) => p.uuid));
  const sent = await f.call('POST', `/api/job/${jobId}/send`, f.tokens.agent, {
    contact: contact.uuid,
    candidates: sentIds,
    full: [],
  });
  expect(sent.status).toBe(201);
});

describe('the company takes its answer back', () => {
  it('within 10 minutes: the entry is back in submitted, awaiting an answer, on both timelines', async () => {
    const entry = await entryOf(sentIds[0]!);
    const answered = await json<Submission>(await answer(entry.uuid, { answer: 'not_interested' }));
    expect(answered.status).toBe('not_interested');
    expect(Date.parse(answered.changeableUntil!) - Date.parse(answered.answeredAt!)).toBe(10 * 60 * 1000);
    const res = await takeBack(entry.uuid);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'awaiting', answeredAt: null, changeableUntil: null });
    expect(await entryOf(sentIds[0]!)).toMatchObject({
      stage: 'submitted',
      reason: null,
      reasonBy: null,
      client: { answer: null },
    });
    const timeline = await json<TimelinePage>(
      await f.call('GET', `/api/agent/timeline/job/${jobId}?kind=event`, f.tokens.agent),
    );
    expect(timeline.items[0]!.details).toMatchObject({
      from: 'rejected',
      to: 'submitted',
      change: 'answer_withdrawn',
      company: 'Rheinwerk Logistik GmbH',
    });
    // It answers again.
    expect((await answer(entry.uuid, { answer: 'interested' })).status).toBe(200);
    expect(await entryOf(sentIds[0]!)).toMatchObject({ stage: 'interview' });
  });

  it('after 10 minutes, or once the agency changed the entry, only the agent changes it', async () => {
    const late = await entryOf(sentIds[1]!);
    await answer(late.uuid, { answer: 'interested' });
    await f.db.db.execute(
      sql`update pipeline_entries set client_answered_at = now() - interval '11 minutes' where id = ${late.uuid}`,
    );
    const expired = await takeBack(late.uuid);
    expect(expired.status).toBe(409);
    expect(await json(expired)).toMatchObject({
      code: 'client.change_expired',
      current: { status: 'interested', changeableUntil: null },
    });

    const moved = await entryOf(sentIds[2]!);
    await answer(moved.uuid, { answer: 'interested' });
    const now = await entryOf(sentIds[2]!);
    await f.call('POST', `/api/pipeline/${now.uuid}/move`, f.tokens.agent, {
      to: 'offer',
      version: now.version,
    });
    expect(await codeOf(await takeBack(moved.uuid))).toBe('client.change_expired');
    expect(await entryOf(sentIds[2]!)).toMatchObject({ stage: 'offer', client: { answer: 'interested' } });

    const never = await entryOf(sentIds[3]!);
    expect(await codeOf(await takeBack(never.uuid))).toBe('client.not_answered');
    expect((await takeBack(never.uuid, f.tokens.agent)).status).toBe(403);
  });

  it('the agent corrects a client’s "not interested" back to submitted: the company may answer again', async () => {
    const entry = await entryOf(sentIds[3]!);
    await answer(entry.uuid, { answer: 'not_interested', comment: 'Falsch getippt' });
    const rejected = await entryOf(sentIds[3]!);
    const res = await f.call('POST', `/api/pipeline/${rejected.uuid}/correct`, f.tokens.agent, {
      to: 'submitted',
      reason: 'Kunde hat sich vertippt',
      version: rejected.version,
    });
    expect(await json<PipelineEntry>(res)).toMatchObject({ stage: 'submitted', client: { answer: null } });
    expect((await answer(entry.uuid, { answer: 'interested' })).status).toBe(200);
  });
});
