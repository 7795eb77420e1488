import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { PipelineEntry, PipelineFollowUps } from '../../contract/pipeline';
import type { TimelinePage } from '../../contract/timeline';
import { queryRows } from '../db/client';
import { textOrNull } from '../db/rows';
import { agentJobBody, codeOf, json } from './job-test-kit';
import { setUpPipelineFixture } from './pipeline-test-kit';

/**
 * Follow-ups that land (issue 42 major 4): a follow-up is a day, an optional time and a note, stored
 * and answered with the entry; a time or note without a day is refused (400, nothing written); "done"
 * clears it and says so on both timelines; one today at 16:00 is due today.
 */

const { f, profile, add } = setUpPipelineFixture();

const put = (entry: { uuid: string }, body: unknown) =>
  f.call('PUT', `/api/pipeline/${entry.uuid}/follow-up`, f.tokens.agent, body);
const due = async (today: string) =>
  json<PipelineFollowUps>(await f.call('GET', `/api/pipeline/follow-ups?today=${today}`, f.tokens.agent));
const row = async (uuid: string) =>
  (
    await queryRows(
      f.db.db,
      sql`select to_char(follow_up, 'YYYY-MM-DD') as day, to_char(follow_up_time, 'HH24:MI') as time,
            follow_up_note as note from pipeline_entries where id = ${uuid}`,
      v.object({ day: textOrNull, time: textOrNull, note: textOrNull }),
    )
  )[0];

async function freshJob(title: string) {
  const job = (await f.createJob(agentJobBody(title))).uuid;
  await f.call('POST', `/api/job/${job}/take`, f.tokens.agent);
  return job;
}

describe('a follow-up with a time and a note', () => {
  it('stores them, answers them with the entry and in the due list, by day then time', async () => {
    const job = await freshJob('Wiedervorlagen mit Uhrzeit');
    const a = (await add(job, profile(1))).entry!;
    const b = (await add(job, profile(2))).entry!;
    const c = (await add(job, profile(3))).entry!;
    const saved = await json<PipelineEntry>(
      await put(a, { followUp: '2026-11-24', time: '16:00', note: '  Rückruf wegen Gehalt ' }),
    );
    expect(saved).toMatchObject({
      followUp: '2026-11-24',
      followUpTime: '16:00',
      followUpNote: 'Rückruf wegen Gehalt',
      // A follow-up is no move: the version a move was read at stays good.
      version: a.version,
    });
    await put(b, { followUp: '2026-11-24', time: '09:30' });
    await put(c, { followUp: '2026-11-24' });
    // Due today whatever the time: the one at 16:00 is in the list in the morning.
    const list = await due('2026-11-24');
    const ours = list.items.filter((i) => i.job.uuid === job).map((i) => i.entry);
    expect(ours.map((e) => [e.uuid, e.followUpTime])).toEqual([
      [c.uuid, null],
      [b.uuid, '09:30'],
      [a.uuid, '16:00'],
    ]);
    expect(ours[2]!.followUpNote).toBe('Rückruf wegen Gehalt');
    // Not yet due the day before.
    expect((await due('2026-11-23')).items.some((i) => i.job.uuid === job)).toBe(false);
    // Postponed to a day without a time: the time goes, the note is the one given.
    const later = await json<PipelineEntry>(await put(a, { followUp: '2026-12-01', note: 'neu' }));
    expect(later).toMatchObject({ followUp: '2026-12-01', followUpTime: null, followUpNote: 'neu' });
    // Cleared: all three go.
    await put(a, { followUp: null });
    expect(await row(a.uuid)).toMatchObject({ day: null, time: null, note: null });
  });

  it('refuses a time or a note without a day, a bad time and a long note: 400, nothing written', async () => {
    const job = await freshJob('Wiedervorlagen ungültig');
    const a = (await add(job, profile(4))).entry!;
    await put(a, { followUp: '2026-11-24', time: '10:00', note: 'bleibt' });
    const cases: [unknown, string, string][] = [
      [{ followUp: null, time: '16:00' }, 'time', 'pipeline.follow_up_day_required'],
      [{ followUp: null, note: 'ohne Tag' }, 'note', 'pipeline.follow_up_day_required'],
      [{ followUp: '2026-11-25', time: '24:00' }, 'time', 'pipeline.follow_up_time_invalid'],
      [{ followUp: '2026-11-25', time: '9:5' }, 'time', 'pipeline.follow_up_time_invalid'],
      [{ followUp: '2026-11-25', time: 1600 }, 'time', 'field.invalid_type'],
      [{ followUp: '2026-11-25', note: 'x'.repeat(501) }, 'note', 'field.too_long'],
      [{ followUp: '2026-11-25', when: 'morgen' }, 'when', 'field.unknown'],
    ];
    for (const [body, field, code] of cases) {
      const res = await put(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await json<{ code: string; fields: Record<string, string[]> }>(res);
      expect(answer.fields[field], JSON.stringify(body)).toEqual([code]);
    }
    expect(await row(a.uuid)).toMatchObject({ day: '2026-11-24', time: '10:00', note: 'bleibt' });
    // The database refuses it too, should another writer try.
    await expect(
      f.db.db.execute(sql`update pipeline_entries set follow_up = null where id = ${a.uuid}`),
    ).rejects.toThrow();
  });
});

describe('done', () => {
  it('clears the follow-up and records follow_up.done on the candidate and the job timeline', async () => {
    const job = await freshJob('Wiedervorlage erledigt');
    const a = (await add(job, profile(5))).entry!;
    await put(a, { followUp: '2026-11-24', time: '16:00', note: 'Vertrag besprechen' });
    const res = await f.call('POST', `/api/pipeline/${a.uuid}/follow-up/done`, f.tokens.agent);
    expect(res.status).toBe(200);
    expect(await json<PipelineEntry>(res)).toMatchObject({
      followUp: null,
      followUpTime: null,
      followUpNote: null,
      stage: 'proposed',
    });
    expect((await due('2026-11-24')).items.some((i) => i.entry.uuid === a.uuid)).toBe(false);
    const events = async (kind: string, id: string) =>
      (
        await json<TimelinePage>(
          await f.call('GET', `/api/agent/timeline/${kind}/${id}?kind=event`, f.tokens.agent),
        )
      ).items.filter((e) => e.action === 'follow_up.done');
    expect((await events('profile', profile(5))).map((e) => e.details)).toEqual([
      { day: '2026-11-24', time: '16:00', note: 'Vertrag besprechen', job },
    ]);
    const onJob = await events('job', job);
    expect(onJob.map((e) => e.details)).toEqual([
      { day: '2026-11-24', time: '16:00', note: 'Vertrag besprechen', profile: profile(5) },
    ]);
    expect(onJob[0]!.author?.email).toBe('agent@jobs.test');
    // Done again (a second tab): nothing changes, nothing more on the timeline.
    expect((await f.call('POST', `/api/pipeline/${a.uuid}/follow-up/done`, f.tokens.agent)).status).toBe(200);
    expect(await events('job', job)).toHaveLength(1);
  });

  it('answers 404 for an unknown entry and 403 for a company', async () => {
    const unknown = await f.call(
      'POST',
      `/api/pipeline/${crypto.randomUUID()}/follow-up/done`,
      f.tokens.agent,
    );
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('pipeline.entry_not_found');
    const job = await freshJob('Wiedervorlage fremd');
    const a = (await add(job, profile(6))).entry!;
    await put(a, { followUp: '2026-11-24' });
    expect((await f.call('POST', `/api/pipeline/${a.uuid}/follow-up/done`, f.tokens.company)).status).toBe(
      403,
    );
    expect(await row(a.uuid)).toMatchObject({ day: '2026-11-24' });
  });
});
