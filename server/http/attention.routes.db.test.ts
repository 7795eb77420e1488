import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyListResponse, ProfileListResponse } from '../../contract/agent';
import type { AgentAttention, AnswerSeen, AttentionList } from '../../contract/attention';
import type { JobListResponse } from '../../contract/job';
import { queryRows } from '../db/client';
import { timeOrNull } from '../db/rows';
import { type AgentFixture, type AgentRole, createAgentFixture } from './agent-test-kit';

/**
 * What needs the agent's attention (issue 21 point 7, contract/attention.ts): each count's rule with
 * the rows that must count and those that must not, every role, the lists the counts link to showing
 * exactly the counted rows, and "seen" on an answer. Rows are written straight into the database: the
 * company's answer itself is another part of issue 21.
 */

let f: AgentFixture;
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const ids = {} as Record<string, string>;

async function job(
  name: string,
  row: { origin?: 'agent' | 'company'; createdBy?: string | null; assigned?: string | null; status?: string },
) {
  const id = crypto.randomUUID();
  ids[name] = id;
  await f.db.db.execute(
    sql`insert into jobs (id, origin, company_user_id, created_by, assigned_agent_id, status, "values", criteria_changed_at)
        values (${id}, ${row.origin ?? 'agent'}, ${row.origin === 'company' ? f.ids.company : null},
                ${row.createdBy ?? null}, ${row.assigned ?? null}, ${row.status ?? 'active'},
                ${JSON.stringify({ title: name })}::jsonb, ${ago(2)})`,
  );
  return id;
}

/** A done run of the job that started `daysAgo` days ago (the job's criteria changed 2 days ago). */
async function doneRun(jobId: string, daysAgo: number) {
  await f.db.db.execute(
    sql`insert into job_runs (id, job_id, job_version, state, progress, started_at, finished_at, created_at)
        values (${crypto.randomUUID()}, ${jobId}, 0, 'done', 100, ${ago(daysAgo)}, ${ago(daysAgo)}, ${ago(daysAgo)})`,
  );
}

let candidates = 0;
async function entry(
  name: string,
  jobId: string,
  row: {
    stage?: string;
    submitted?: number;
    answered?: number;
    seen?: boolean;
    followUp?: string;
    followUpBy?: string;
  },
) {
  const { profileId } = await f.addCandidate('stella', {
    first_name: `Kandidat${++candidates}`,
    last_name: name,
  });
  const id = crypto.randomUUID();
  ids[name] = id;
  const stage = row.stage ?? (row.answered !== undefined ? 'interview' : 'submitted');
  await f.db.db.execute(
    sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, submitted_at, submitted_card,
          client_answer, client_comment, client_answered_at, answer_seen_at, follow_up, follow_up_by)
        values (${id}, ${jobId}, ${profileId}, ${stage}, ${stage === 'proposed' ? 'proposed' : 'submitted'},
          ${row.submitted === undefined ? null : ago(row.submitted)},
          ${row.submitted === undefined ? null : 'anonymised'},
          ${row.answered === undefined ? null : 'interested'},
          ${row.answered === undefined ? null : `Kommentar ${name}`},
          ${row.answered === undefined ? null : ago(row.answered)},
          ${row.seen ? ago(0) : null}, ${row.followUp ?? null}, ${row.followUpBy ?? null})`,
  );
}

async function account(email: string, type: string, createdDaysAgo = 0) {
  const id = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into users (id, email, password_hash, user_type, language, registration_step, created_at)
        values (${id}, ${email}, 'x', ${type}, 'de', 0, ${ago(createdDaysAgo)})`,
  );
  return id;
}

/** A self-registered candidate (`registered` event without author) or company, `daysAgo` days old. */
async function registered(kind: 'luna' | 'stella' | 'nova' | 'company', name: string, daysAgo = 1) {
  const user = await account(`${name}@vet.test`, kind, daysAgo);
  const id = crypto.randomUUID();
  ids[name] = id;
  const values = kind === 'company' ? { name } : { first_name: name, last_name: 'Vet' };
  await f.db.db.execute(
    kind === 'company'
      ? sql`insert into companies (id, user_id, "values", created_at) values (${id}, ${user}, ${JSON.stringify(values)}::jsonb, ${ago(daysAgo)})`
      : sql`insert into profiles (id, user_id, type, "values", created_at) values (${id}, ${user}, ${kind}, ${JSON.stringify(values)}::jsonb, ${ago(daysAgo)})`,
  );
  await timeline(kind === 'company' ? 'company' : 'profile', id, null);
  return id;
}

/** A timeline entry: a system event (author null) or an agent's note. */
async function timeline(kind: 'profile' | 'company', id: string, author: string | null) {
  const column = kind === 'company' ? sql`company_id` : sql`profile_id`;
  await f.db.db.execute(
    author === null
      ? sql`insert into timeline_entries (id, ${column}, kind, action) values (${crypto.randomUUID()}, ${id}, 'event', 'registered')`
      : sql`insert into timeline_entries (id, ${column}, kind, text, author_id, author_email)
            values (${crypto.randomUUID()}, ${id}, 'note', 'Angerufen', ${author}, 'agent@agents.test')`,
  );
}

beforeAll(async () => {
  f = await createAgentFixture();
  const me = f.ids.agent;
  const other = f.ids.otherAgent;
  // The agent's jobs: assigned to them, or created by them while nobody is assigned.
  const mine = await job('Mine', { createdBy: me, assigned: me });
  const created = await job('CreatedUnassigned', { createdBy: me });
  const theirs = await job('Theirs', { createdBy: other, assigned: other });
  const archived = await job('ArchivedMine', { createdBy: me, assigned: me, status: 'archived' });
  const neverRun = await job('NeverRun', { createdBy: me, assigned: me });
  // Requests: one waiting for an agent; one taken; one archived.
  await job('RequestWaiting', { origin: 'company' });
  await job('RequestTaken', { origin: 'company', assigned: other });
  await job('RequestArchived', { origin: 'company', status: 'archived' });
  // Stale: "Mine" ran before its criteria changed; "CreatedUnassigned" after; "Theirs" is stale but not mine.
  await doneRun(mine, 3);
  await doneRun(created, 1);
  await doneRun(theirs, 3);
  await doneRun(archived, 3);
  void neverRun;

  // Company answers.
  await entry('AnswerMine', mine, { submitted: 3, answered: 1 });
  await entry('AnswerCreated', created, { submitted: 3, answered: 0 });
  await entry('AnswerSeen', mine, { submitted: 3, answered: 1, seen: true });
  await entry('AnswerTheirs', theirs, { submitted: 3, answered: 1 });
  await entry('AnswerArchived', archived, { submitted: 3, answered: 1 });
  // Submissions waiting.
  await entry('Waiting6', mine, { submitted: 6 });
  await entry('Waiting4', mine, { submitted: 4 });
  await entry('Answered6', mine, { submitted: 6, answered: 2, seen: true });
  await entry('Interview10', mine, { stage: 'interview', submitted: 10 });
  await entry('WaitingTheirs', theirs, { submitted: 6 });
  // Follow-ups.
  await entry('FollowToday', mine, { stage: 'proposed', followUp: TODAY });
  await entry('FollowOverdue', created, { stage: 'proposed', followUp: day(-3), followUpBy: me });
  await entry('FollowTomorrow', mine, { stage: 'proposed', followUp: day(1) });
  await entry('FollowTheirs', theirs, { stage: 'proposed', followUp: TODAY, followUpBy: other });

  // Registrations: two lunas, a nova and a company to vet; the rest looked after, old or kept by an agent.
  await registered('luna', 'LunaNew');
  await registered('luna', 'LunaNew2', 13);
  await registered('nova', 'NovaNew');
  await registered('company', 'FirmaNeu');
  await f.db.db.execute(
    sql`update profiles set assigned_agent_id = ${other} where id = ${await registered('luna', 'LunaAssigned')}`,
  );
  await timeline('profile', await registered('nova', 'NovaNoted'), me);
  await timeline('company', await registered('company', 'FirmaNoted'), other);
  await registered('luna', 'LunaOld', 15);
  // A stella is vetted by definition (only an agent makes one), even with an account of its own.
  await registered('stella', 'StellaOwnAccount');
  await f.addCandidate('luna', { first_name: 'Kept', last_name: 'NoAccount' });
});
afterAll(() => f.close());

const get = async <T>(path: string, role: AgentRole = 'agent'): Promise<T> => {
  const res = await f.request('GET', path, f.tokens[role]);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const counts = (role: AgentRole = 'agent') =>
  get<AgentAttention>(`/api/agent/attention?today=${TODAY}`, role);
const titles = (list: JobListResponse) => list.items.map((j) => String(j.values.title)).sort();
const surnames = (list: AttentionList) => list.items.map((i) => i.profile.name.split(' ')[1]);

describe('who may call', () => {
  const calls = (): [string, string][] => [
    ['GET', '/api/agent/attention'],
    ['GET', '/api/pipeline/attention?kind=answers'],
    ['POST', `/api/pipeline/${ids.Waiting4}/answer-seen`],
  ];
  it('anonymous: 401', async () => {
    for (const [method, path] of calls()) expect((await f.request(method, path)).status, path).toBe(401);
  });
  it.each(['luna', 'stella', 'nova', 'company'] as const)('%s: 403 forbidden', async (role) => {
    for (const [method, path] of calls()) {
      const res = await f.request(method, path, f.tokens[role]);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
    }
  });
  it.each(['agent', 'senior'] as const)('%s: 200', async (role) => {
    for (const [method, path] of calls())
      expect((await f.request(method, path, f.tokens[role])).status, path).toBe(200);
  });
});

describe('the counts', () => {
  it("count each rule's rows on the caller's jobs and nothing else", async () => {
    expect(await counts()).toEqual({
      followUps: 2,
      answers: 2,
      unanswered: 1,
      staleRuns: 1,
      requestsWithoutAgent: 1,
      toVet: { luna: 2, nova: 1, company: 1 },
    });
  });

  it("are another agent's own: their jobs, the same agency-wide requests and registrations", async () => {
    expect(await counts('otherAgent')).toMatchObject({
      followUps: 1,
      answers: 1,
      unanswered: 1,
      staleRuns: 1,
      requestsWithoutAgent: 1,
      toVet: { luna: 2, nova: 1, company: 1 },
    });
  });

  it("follow-ups are due by the client's day", async () => {
    expect((await get<AgentAttention>(`/api/agent/attention?today=${day(1)}`)).followUps).toBe(3);
    expect((await get<AgentAttention>(`/api/agent/attention?today=${day(-10)}`)).followUps).toBe(0);
  });

  it('refuse a day that is none: 400, never 500', async () => {
    for (const today of ['2026-02-30', '2026-13-01', 'heute']) {
      const res = await f.request('GET', `/api/agent/attention?today=${today}`, f.tokens.agent);
      expect(res.status, today).toBe(400);
    }
  });
});

describe('each count links to a list showing its rows', () => {
  it('company answers: the unseen ones on my jobs, newest first, with answer and comment', async () => {
    const list = await get<AttentionList>('/api/pipeline/attention?kind=answers');
    expect(surnames(list)).toEqual(['AnswerCreated', 'AnswerMine']);
    expect(list.items[1]).toMatchObject({
      job: { title: 'Mine' },
      answer: 'interested',
      comment: 'Kommentar AnswerMine',
      answerSeenAt: null,
    });
  });

  it('unanswered submissions: only the one sent over 5 days ago, still submitted, without answer', async () => {
    const list = await get<AttentionList>('/api/pipeline/attention?kind=unanswered');
    expect(surnames(list)).toEqual(['Waiting6']);
    expect(list.items[0]!.stage).toBe('submitted');
  });

  it('an unknown kind: 400', async () => {
    expect((await f.request('GET', '/api/pipeline/attention?kind=all', f.tokens.agent)).status).toBe(400);
  });

  it('requests without an agent: the job list filtered agent=none, origin=company', async () => {
    const list = await get<JobListResponse>('/api/jobs/list?origin=company&agent=none');
    expect(titles(list)).toEqual(['RequestWaiting']);
  });

  it('stale runs: the job list filtered to my jobs whose criteria changed', async () => {
    expect(titles(await get<JobListResponse>('/api/jobs/list?agent=me&stale=yes'))).toEqual(['Mine']);
    expect(titles(await get<JobListResponse>('/api/jobs/list?agent=me'))).toEqual([
      'CreatedUnassigned',
      'Mine',
      'NeverRun',
    ]);
    expect(titles(await get<JobListResponse>('/api/jobs/list?stale=yes'))).toEqual(['Mine', 'Theirs']);
  });

  it('new registrations: the candidate tables and the companies table filtered vet=new', async () => {
    const names = (list: ProfileListResponse) => list.items.map((i) => i.name).sort();
    expect(names(await get('/api/profile/list?type=luna&vet=new'))).toEqual(['LunaNew Vet', 'LunaNew2 Vet']);
    expect(names(await get('/api/profile/list?type=nova&vet=new'))).toEqual(['NovaNew Vet']);
    expect((await get<ProfileListResponse>('/api/profile/list?type=stella&vet=new')).total).toBe(0);
    const companies = await get<CompanyListResponse>('/api/company/list?vet=new');
    expect(companies.items.map((c) => c.name)).toEqual(['FirmaNeu']);
  });

  it('a filter value the lists do not know: 400', async () => {
    for (const path of ['/api/jobs/list?stale=no', '/api/jobs/list?agent=any', '/api/profile/list?vet=old'])
      expect((await f.request('GET', path, f.tokens.agent)).status, path).toBe(400);
  });
});

describe('seeing an answer', () => {
  const seen = (entry: string, role: AgentRole = 'agent') =>
    f.request('POST', `/api/pipeline/${entry}/answer-seen`, f.tokens[role]);

  it('marks it seen once: the count and the list drop it, a second call keeps the first time', async () => {
    const first = await seen(ids.AnswerMine!);
    expect(first.status).toBe(200);
    const body = (await first.json()) as AnswerSeen;
    expect(body.uuid).toBe(ids.AnswerMine);
    expect(body.answerSeenAt).not.toBeNull();
    const again = (await (await seen(ids.AnswerMine!)).json()) as AnswerSeen;
    expect(again.answerSeenAt).toBe(body.answerSeenAt);
    expect((await counts()).answers).toBe(1);
    expect(surnames(await get('/api/pipeline/attention?kind=answers'))).toEqual(['AnswerCreated']);
  });

  it('an entry without an answer stays as it is', async () => {
    const res = await seen(ids.Waiting6!);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AnswerSeen).answerSeenAt).toBeNull();
    expect((await counts()).unanswered).toBe(1);
  });

  it('an unknown or malformed entry: 404', async () => {
    for (const entry of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await seen(entry);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('pipeline.entry_not_found');
    }
  });

  it('candidates and companies may not: 403, the answer stays unseen', async () => {
    for (const role of ['stella', 'company'] as const)
      expect((await seen(ids.AnswerCreated!, role)).status).toBe(403);
    expect((await counts()).answers).toBe(1);
  });

  it("another agent may not take an answer off the job's agent's list: 403; a senior agent may (issue 41)", async () => {
    const answerTheirs = sql`select answer_seen_at from pipeline_entries where id = ${ids.AnswerTheirs!}`;
    const seenAt = async () =>
      (await queryRows(f.db.db as never, answerTheirs, v.object({ answer_seen_at: timeOrNull })))[0]
        ?.answer_seen_at ?? null;
    const refused = await seen(ids.AnswerTheirs!);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('auth.forbidden');
    expect(await seenAt()).toBeNull();
    expect((await seen(ids.AnswerTheirs!, 'senior')).status).toBe(200);
    expect(await seenAt()).not.toBeNull();
  });
});
