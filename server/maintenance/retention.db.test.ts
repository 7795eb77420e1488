import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentDashboard } from '../../contract/agent';
import { signAccessToken } from '../auth/tokens';
import { seedDefaultCatalog } from '../catalog/catalog';
import { queryRows } from '../db/client';
import { record, textOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { bearerRequests, createTestApp } from '../http/test-app';
import { listOutbox } from '../messaging/outbox';
import { insertUserIfAbsent } from '../users/users';
import { deletionsDue, runRetention } from './retention';

// Retention (PRODUCT.md §8) on a database whose clock is moved forward: the notice 30 days ahead,
// keeping through the mail's link, deletion, and what stays anonymised. RETENTION_MONTHS = 24.

const MONTHS = 24;
const T0 = new Date('2024-01-10T10:00:00Z');
const root = fileURLToPath(new URL('../..', import.meta.url));

const db = setUpFixture(createTestDb);
let clock = T0.getTime();
let request: ReturnType<typeof bearerRequests>;
let signAgent: () => Promise<string>;
const ids = {} as Record<'alice' | 'bob' | 'carl' | 'agent', string> & {
  aliceProfile: string;
  bobCompany: string;
  kept: string;
  job: string;
  /** A profile in the job's pipeline history that retention does not touch. */
  stays: string;
};

async function account(email: string, userType: string, language: 'de' | 'en', lastLogin: Date) {
  await insertUserIfAbsent(db.db, { email, passwordHash: 'x', userType, language, registrationStep: 0 });
  const [user] = await db.db.select().from(users).where(eq(users.email, email));
  await db.db.execute(
    sql`update users set created_at = ${T0.toISOString()}, last_login_at = ${lastLogin.toISOString()}
        where id = ${user!.id}`,
  );
  return user!.id;
}

async function agentAction(targetKind: 'profile' | 'company', targetId: string, at: Date, details: object) {
  await db.db.execute(
    sql`insert into timeline_entries (id, profile_id, company_id, kind, action, details, author_id, author_email, at)
        values (gen_random_uuid(), ${targetKind === 'profile' ? targetId : null},
                ${targetKind === 'company' ? targetId : null}, 'event', 'block',
                ${JSON.stringify(details)}::jsonb, ${ids.agent}, 'agent@retention.test', ${at.toISOString()})`,
  );
}

const retention = (now: string, dryRun = false) =>
  runRetention(db.db, { months: MONTHS, now: new Date(now), dryRun, publicOrigin: 'http://matchwerk.test' });

const mailsTo = async (to: string) => (await listOutbox(db.db, 500)).filter((m) => m.to === to);
const exists = async (table: 'users' | 'profiles' | 'companies', id: string) =>
  (await queryRows(db.db, sql`select 1 from ${sql.identifier(table)} where id = ${id}`, v.object({})))
    .length === 1;

beforeAll(async () => {
  await seedDefaultCatalog(db.db);
  const { app, auth } = await createTestApp(db, { now: () => clock });
  request = bearerRequests(app);
  ids.agent = await account('agent@retention.test', 'agent', 'de', new Date('2026-07-01T00:00:00Z'));
  const [agent] = await db.db.select().from(users).where(eq(users.id, ids.agent));
  // Signed at the moved clock's time, or the token would have expired long before.
  signAgent = () => signAccessToken(auth.tokens, agent!, 'ok');
  // Alice: a stella who last logged in at T0; an agent blocked her the day after.
  ids.alice = await account('alice@retention.test', 'stella', 'de', T0);
  ids.aliceProfile = crypto.randomUUID();
  await db.db.execute(
    sql`insert into profiles (id, user_id, type, "values", created_at)
        values (${ids.aliceProfile}, ${ids.alice}, 'stella', '{"first_name":"Alice","last_name":"Alt"}'::jsonb, ${T0.toISOString()})`,
  );
  await agentAction('profile', ids.aliceProfile, new Date('2024-01-11T10:00:00Z'), {
    reason: 'Alice said so',
  });
  // Bob: a company whose company an agent worked on in June 2024.
  ids.bob = await account('bob@retention.test', 'company', 'en', T0);
  ids.bobCompany = crypto.randomUUID();
  await db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${ids.bobCompany}, ${ids.bob}, '{"name":"Bob Bau"}'::jsonb)`,
  );
  await agentAction('company', ids.bobCompany, new Date('2024-06-01T10:00:00Z'), {});
  // Carl: a luna who logged in last month; a profile agents keep without an account since T0.
  ids.carl = await account('carl@retention.test', 'luna', 'en', new Date('2025-11-25T10:00:00Z'));
  ids.kept = crypto.randomUUID();
  await db.db.execute(
    sql`insert into profiles (id, user_id, type, "values", created_at)
        values (${ids.kept}, null, 'nova', '{"first_name":"Kai","last_name":"Kept"}'::jsonb, ${T0.toISOString()})`,
  );
  await agentAction('profile', ids.kept, new Date('2024-01-11T10:00:00Z'), { reason: 'Kai is away' });
  // A job whose pipeline placed Alice, rejected Kai (a client's comment naming him) and holds
  // someone who stays: its timeline is the agency's pipeline history.
  ids.job = crypto.randomUUID();
  await db.db.execute(
    sql`insert into jobs (id, origin, created_by, "values") values (${ids.job}, 'agent', ${ids.agent}, '{"title":"Lager"}'::jsonb)`,
  );
  const move = (profile: string, details: object) =>
    db.db.execute(
      sql`insert into timeline_entries (id, job_id, kind, action, details, author_id, author_email, at)
          values (gen_random_uuid(), ${ids.job}, 'event', 'stage.changed',
                  ${JSON.stringify({ ...details, profile })}::jsonb, ${ids.agent}, 'agent@retention.test', ${T0.toISOString()})`,
    );
  await move(ids.aliceProfile, { from: 'offer', to: 'placed', reason: 'Alice Alt starts in May' });
  await move(ids.kept, {
    from: 'submitted',
    to: 'rejected',
    by: 'client',
    answer: 'not_interested',
    comment: 'Kai Kept was late',
  });
  ids.stays = crypto.randomUUID();
  await move(ids.stays, { from: 'proposed', to: 'contacted', reason: 'called' });
});

describe('retention', () => {
  it('notifies 30 days ahead (dry run first: prints, changes nothing), once, in the owner’s language', async () => {
    const dry = await retention('2025-12-20T09:00:00Z', true);
    expect(dry.notices.map((n) => n.id)).toEqual([ids.alice]);
    expect(dry.deletions).toEqual([]);
    expect(await mailsTo('alice@retention.test')).toEqual([]);

    const report = await retention('2025-12-20T09:00:00Z');
    expect(report.notices).toMatchObject([
      { kind: 'account', id: ids.alice, dueAt: '2026-01-19T09:00:00.000Z' },
    ]);
    const [notice] = await mailsTo('alice@retention.test');
    expect(notice?.subject).toBe('Ihr Matchwerk-Konto wird am 19. Januar 2026 gelöscht');
    expect(notice?.text).toMatch(/http:\/\/matchwerk\.test\/keep-account\?token=[\w-]{43}/);
    // Run again the same day (or by another node): no second notice.
    expect((await retention('2025-12-21T09:00:00Z')).notices).toEqual([]);
    expect(await mailsTo('alice@retention.test')).toHaveLength(1);

    // The agents' dashboard lists both deletions due within 30 days, soonest first.
    const due = await deletionsDue(db.db, MONTHS, new Date('2025-12-20T09:00:00Z'));
    expect(due.items.map((i) => [i.kind, i.id, i.dueAt])).toEqual([
      ['profile', ids.kept, '2026-01-11T10:00:00.000Z'],
      ['account', ids.alice, '2026-01-19T09:00:00.000Z'],
    ]);
    clock = Date.parse('2025-12-20T09:00:00Z');
    const res = await request('GET', '/api/agent/dashboard', await signAgent());
    expect(res.status).toBe(200);
    const dashboard = (await res.json()) as AgentDashboard;
    expect(dashboard.deletionsDue).toEqual({
      total: 2,
      items: [
        {
          kind: 'candidate',
          type: 'nova',
          uuid: ids.kept,
          name: 'Kai Kept',
          dueAt: '2026-01-11T10:00:00.000Z',
        },
        {
          kind: 'candidate',
          type: 'stella',
          uuid: ids.aliceProfile,
          name: 'Alice Alt',
          dueAt: '2026-01-19T09:00:00.000Z',
        },
      ],
    });
  });

  it('deletes after the notice, with the timeline; agent-kept profiles too', async () => {
    // Before the 30 days are over: nothing goes.
    expect((await retention('2026-01-18T09:00:00Z')).deletions.map((d) => d.id)).toEqual([ids.kept]);
    expect(await exists('users', ids.alice)).toBe(true);
    const report = await retention('2026-01-20T09:00:00Z');
    expect(report.deletions.map((d) => d.id)).toEqual([ids.alice]);
    expect(await exists('users', ids.alice)).toBe(false);
    expect(await exists('profiles', ids.aliceProfile)).toBe(false);
    expect(await exists('profiles', ids.kept)).toBe(false);
    // Nothing of the person stays: their timeline (a block's reason names them) went with the record.
    for (const target of [ids.aliceProfile, ids.kept]) {
      const trail = await queryRows(
        db.db,
        sql`select action from timeline_entries where profile_id = ${target} or company_id = ${target}`,
        v.object({ action: textOrNull }),
      );
      expect(trail).toEqual([]);
    }
    // The job keeps its pipeline history — the placement and the rejection — anonymised: no id,
    // reason or comment of the people who went; the history of someone else is untouched.
    const history = await queryRows(
      db.db,
      sql`select details from timeline_entries where job_id = ${ids.job} order by details ->> 'to'`,
      v.object({ details: record }),
    );
    expect(history.map((h) => h.details)).toEqual([
      { from: 'proposed', to: 'contacted', reason: 'called', profile: ids.stays },
      { from: 'offer', to: 'placed', anonymised: true },
      { from: 'submitted', to: 'rejected', by: 'client', answer: 'not_interested', anonymised: true },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/Alice|Kai|Alt|Kept/);
    const mails = await mailsTo('alice@retention.test');
    expect(mails.map((m) => m.subject)).toEqual(['Ihr Matchwerk-Konto wurde gelöscht']);
    // Carl (active last month) and Bob (agent activity in June 2024) stay.
    expect(await exists('users', ids.carl)).toBe(true);
    expect(await exists('users', ids.bob)).toBe(true);
  });

  it('keeps an account through the notice’s link: no deletion, the link works once', async () => {
    const report = await retention('2026-05-10T09:00:00Z');
    expect(report.notices.map((n) => n.id)).toEqual([ids.bob]);
    const [notice] = await mailsTo('bob@retention.test');
    expect(notice?.subject).toBe('Your Matchwerk account will be deleted on 9 June 2026');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(notice!.text)![1]!);
    clock = Date.parse('2026-05-11T09:00:00Z');
    expect((await request('POST', '/api/public/retention/keep', undefined, { token })).status).toBe(204);
    const again = await request('POST', '/api/public/retention/keep', undefined, { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('keep.invalid_token');
    expect((await retention('2026-07-01T09:00:00Z')).deletions).toEqual([]);
    expect(await exists('users', ids.bob)).toBe(true);
    expect(await exists('companies', ids.bobCompany)).toBe(true);
    // 24 months after keeping, the clock has run out again: a new notice.
    expect((await retention('2028-04-20T09:00:00Z')).notices.map((n) => n.id)).toContain(ids.bob);
  });

  it('is the same through `npm run cli -- retention` (on a database a process can reach)', async () => {
    const url = 'url' in db.location ? db.location.url : undefined;
    if (!url) return; // PGlite in memory: server/commands/cli.test.ts runs the command on a data directory.
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'retention', ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, NODE_ENV: 'test' },
      });
    // Carl and Bob got their notices in 2028 (the test before) and never came back.
    const dry = cli(['--now', '2030-01-01T00:00:00Z', '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`delete  account ${ids.carl} (luna) last active 2025-11-25T10:00:00.000Z`);
    expect(dry.stdout).toMatch(/would: \d+ notice\(s\), 2 deletion\(s\)/);
    expect(await exists('users', ids.carl)).toBe(true);
    const done = cli(['--now', '2030-01-01T00:00:00Z']);
    expect(done.stdout).toMatch(/did: \d+ notice\(s\), 2 deletion\(s\)/);
    expect(await exists('users', ids.carl)).toBe(false);
  });
});

// Every row an agent writes on a person's timeline is agent activity (PRODUCT.md §8, §10): notes,
// calls and mails logged by hand as much as the events of their edits, moves and sends — and, for a
// company, what agents write on the timelines of the jobs it is the client of. What the system
// writes by itself (no author) is not. New accounts, made after the tests above, at T0.
describe('what counts as agent activity', () => {
  const WORKED = '2025-06-01T10:00:00.000Z';
  const mine = {} as Record<
    'quiet' | 'noted' | 'called' | 'edited' | 'client' | 'keptQuiet' | 'keptMailed',
    string
  > & { notedProfile: string; calledProfile: string; editedProfile: string; clientJob: string };

  async function profileOf(userId: string | null, type: string, values: object) {
    const id = crypto.randomUUID();
    await db.db.execute(
      sql`insert into profiles (id, user_id, type, "values", created_at)
          values (${id}, ${userId}, ${type}, ${JSON.stringify(values)}::jsonb, ${T0.toISOString()})`,
    );
    return id;
  }

  /** An agent writes on a timeline through the API, on WORKED. */
  async function write(subject: 'profile' | 'job', id: string, body: object) {
    clock = Date.parse(WORKED);
    const res = await request('POST', `/api/agent/timeline/${subject}/${id}`, await signAgent(), body);
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    mine.quiet = await account('quiet@retention.test', 'luna', 'en', T0);
    const quietProfile = await profileOf(mine.quiet, 'luna', { first_name: 'Quinn' });
    // The system's own event (no agent): not agent activity.
    await db.db.execute(
      sql`insert into timeline_entries (id, profile_id, kind, action, at)
          values (gen_random_uuid(), ${quietProfile}, 'event', 'email.confirmed', ${WORKED})`,
    );
    mine.noted = await account('noted@retention.test', 'luna', 'de', T0);
    mine.notedProfile = await profileOf(mine.noted, 'luna', { first_name: 'Nora' });
    await write('profile', mine.notedProfile, { kind: 'note', text: 'Sucht ab Herbst' });
    mine.called = await account('called@retention.test', 'nova', 'en', T0);
    mine.calledProfile = await profileOf(mine.called, 'nova', { first_name: 'Carla' });
    await write('profile', mine.calledProfile, { kind: 'call', text: 'Still looking', at: WORKED });
    mine.edited = await account('edited@retention.test', 'stella', 'de', T0);
    mine.editedProfile = await profileOf(mine.edited, 'stella', { first_name: 'Edda' });
    await db.db.execute(
      sql`insert into timeline_entries (id, profile_id, kind, action, details, author_id, author_email, at)
          values (gen_random_uuid(), ${mine.editedProfile}, 'event', 'profile.edited', '{"fields":["phone"]}'::jsonb,
                  ${ids.agent}, 'agent@retention.test', ${WORKED})`,
    );
    // A company whose own timeline is quiet; an agent logged a mail to it on its job's timeline.
    mine.client = await account('client@retention.test', 'company', 'en', T0);
    const company = crypto.randomUUID();
    await db.db.execute(
      sql`insert into companies (id, user_id, "values") values (${company}, ${mine.client}, '{"name":"Client AG"}'::jsonb)`,
    );
    mine.clientJob = crypto.randomUUID();
    await db.db.execute(
      sql`insert into jobs (id, origin, created_by, client_company_id, "values")
          values (${mine.clientJob}, 'agent', ${ids.agent}, ${company}, '{"title":"Fahrer"}'::jsonb)`,
    );
    await write('job', mine.clientJob, { kind: 'mail', text: 'Sent the shortlist', at: WORKED });
    // Profiles agents keep without an account: one an agent mailed, one nobody touched since T0.
    mine.keptQuiet = await profileOf(null, 'nova', { first_name: 'Kim' });
    mine.keptMailed = await profileOf(null, 'nova', { first_name: 'Mia' });
    await write('profile', mine.keptMailed, { kind: 'mail', text: 'Sent the contract', at: WORKED });
  });

  const only = <T extends { id: string }>(items: T[]) => {
    const wanted = new Set(Object.values(mine));
    return items.filter((i) => wanted.has(i.id));
  };

  it('keeps an account whose only agent activity is a note, a logged call, an edit or a mail on its job', async () => {
    // 24 months after T0 and then some: whoever has no agent activity since T0 is due.
    const now = '2026-02-01T09:00:00Z';
    const report = await retention(now, true);
    expect(only(report.notices).map((n) => n.id)).toEqual([mine.quiet]);
    expect(only(report.deletions).map((d) => d.id)).toEqual([mine.keptQuiet]);
    const due = await deletionsDue(db.db, MONTHS, new Date(now), 1000);
    expect(
      only(due.items)
        .map((i) => i.id)
        .sort(),
    ).toEqual([mine.quiet, mine.keptQuiet].sort());
  });

  it('runs their clock from the day of that activity', async () => {
    // 24 months after WORKED, less the notice's 30 days: everyone is noticed, dated by the agent's work.
    const now = '2027-05-10T09:00:00Z';
    const report = await retention(now, true);
    const last = new Map(only(report.notices).map((n) => [n.id, n.lastActivity]));
    for (const id of [mine.noted, mine.called, mine.edited, mine.client]) expect(last.get(id)).toBe(WORKED);
    expect(last.get(mine.quiet)).toBe(T0.toISOString());
    // The profile an agent mailed goes 24 months after that mail.
    const due = await deletionsDue(db.db, MONTHS, new Date(now), 1000);
    expect(only(due.items).find((i) => i.id === mine.keptMailed)).toMatchObject({
      lastActivity: WORKED,
      dueAt: '2027-06-01T10:00:00.000Z',
    });
  });
});
