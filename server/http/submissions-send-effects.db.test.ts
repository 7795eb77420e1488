import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { referenceNumber } from '../cards/candidate-card';
import { readCatalog } from '../catalog/catalog';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { CountRow, IdRow, text, textOrNull, uuid } from '../db/rows';
import { createLogger } from '../log';
import { deliverDue, type QueuedMessage } from '../messaging/outbox';
import { type AfterSent, sendToClient } from '../submissions/send';
import { agentJobBody } from './job-test-kit';
import { setUpSendFixture } from './submissions-test-kit';

/**
 * What a send of candidates' cards sets off (submissions-send.db.test.ts has the call itself): the
 * pipeline hook in the send's transaction, the candidates' pipeline stages, and the outbox handing
 * the cards to the mail transport.
 */

const { f, s, agency, db, count, written, body, send } = setUpSendFixture();

describe('the pipeline hook afterSent', () => {
  const agent = async () => {
    const [row] = await queryRows(db(), sql`select id from users where email = 'agent@jobs.test'`, IdRow);
    return { userId: row!.id, userType: 'agent', language: 'de' as const, registrationStep: 0 };
  };
  const services = (afterSent: AfterSent) => ({
    db: db(),
    storage: { put: async () => {}, get: async () => null, delete: async () => {} },
    catalog: () => readCatalog(db()),
    agency,
    publicOrigin: 'http://matchwerk.test',
    now: () => new Date(),
    afterSent,
  });

  it('is called in the transaction with the job and the candidates sent', async () => {
    const calls: [string, string[]][] = [];
    await sendToClient(
      services(async (tx, _caller, job, ids) => {
        calls.push([job, ids]);
        // Inside the transaction: the mail and the timeline entries are already there.
        const [row] = await queryRows(
          tx,
          sql`select count(*) as n from timeline_entries where action = 'card.sent' and profile_id = ${s.ben}`,
          CountRow,
        );
        expect(row!.n).toBeGreaterThan(0);
      }),
      await agent(),
      s.jobId,
      { contact: s.de.uuid, candidates: [s.ben] },
    );
    expect(calls).toEqual([[s.jobId, [s.ben]]]);
  });

  it('rolls the whole send back when it refuses', async () => {
    const before = await written();
    await expect(
      sendToClient(
        services(async () => {
          throw new Error('pipeline refused');
        }),
        await agent(),
        s.jobId,
        { contact: s.de.uuid, candidates: [s.anna, s.ben] },
      ),
    ).rejects.toThrow('pipeline refused');
    expect(await written()).toEqual(before);
  });
});

describe('sending and the pipeline', () => {
  const stages = async (job: string) =>
    Object.fromEntries(
      (
        await queryRows(
          db(),
          sql`select profile_id, stage from pipeline_entries where job_id = ${job}`,
          v.object({ profile_id: uuid, stage: text }),
        )
      ).map((r) => [r.profile_id, r.stage]),
    );

  it('makes the candidates sent submitted: added when not in it, moved on from proposed, never back from further on', async () => {
    const job = (await f.createJob({ ...agentJobBody('Staplerfahrer'), client: s.client })).uuid;
    expect((await f.call('PUT', `/api/job/${job}/pipeline/${s.anna}`, f.tokens.agent)).status).toBe(201);
    expect(await stages(job)).toEqual({ [s.anna]: 'proposed' });
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    expect(await stages(job)).toEqual({ [s.anna]: 'submitted', [s.ben]: 'submitted' });
    const moves = await queryRows(
      db(),
      sql`select details from timeline_entries where job_id = ${job} and action = 'stage.changed' order by at, id`,
      v.object({ details: v.object({ from: textOrNull, to: text }) }),
    );
    expect(moves.map((m) => [m.details.from, m.details.to])).toEqual(
      expect.arrayContaining([
        ['proposed', 'submitted'],
        [null, 'submitted'],
      ]),
    );
    await f.db.db.execute(
      sql`update pipeline_entries set stage = 'interview', last_open_stage = 'interview' where job_id = ${job} and profile_id = ${s.anna}`,
    );
    // The same send again once the duplicate window has passed (submissions-send.db.test.ts, "sent once").
    await f.db.db.execute(
      sql`update card_sends set sent_at = sent_at - interval '11 minutes' where job_id = ${job}`,
    );
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    expect(await stages(job)).toEqual({ [s.anna]: 'interview', [s.ben]: 'submitted' });
  });
});

describe('the outbox delivers the cards', () => {
  it('hands the attachments to the transport and keeps none once a real transport has them', async () => {
    expect((await send(body())).status).toBe(201);
    // Deliver everything queued; only the last mail carries attachments we check.
    const seen: QueuedMessage[] = [];
    const transport = { send: async (m: QueuedMessage) => void seen.push(m) };
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    while ((await deliverDue(db(), { mail: transport, sms: transport }, () => new Date(), logger)) > 0) {}
    const withFiles = seen.filter((m) => (m.attachments?.length ?? 0) > 0).at(-1);
    expect(withFiles?.attachments?.map((a) => a.fileName)).toEqual([
      `${referenceNumber(s.anna)}.pdf`,
      `${referenceNumber(s.ben)}.pdf`,
    ]);
    expect(withFiles?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await count(sql`select count(*) as n from outbox_attachments`)).toBe(0);
  });
});
