import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import { AgentProfileDetailSchema } from '../../contract/agent';
import { queryRows } from '../db/client';
import { IdRow } from '../db/rows';
import { seededAgentFixture } from './agent-test-kit';

// One candidate in the agent workspace: the detail, ranking jobs, the access log and the cards.

const f = seededAgentFixture();

describe('a candidate', () => {
  it('answers the whole profile with photo_image, account facts and assignment', async () => {
    const res = await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.agent);
    expect(res.status).toBe(200);
    const detail = v.parse(AgentProfileDetailSchema, await res.json());
    expect(detail.profile.values).toMatchObject({ first_name: 'Anna', last_name: 'Müller' });
    expect(detail.photo_image).toBeNull();
    expect(detail.account).toMatchObject({
      email: 'anna.mueller@mail.test',
      emailValidated: true,
      registrationFinished: true,
      twoFactor: false,
      lastLoginAt: null,
    });
    expect(detail.accessLog).toBeNull();
    expect(detail.jobs).toEqual([]);
  });

  it('lists the active jobs whose current results rank the candidate', async () => {
    const addJob = async (title: string, status: string, rank: number, score: number) => {
      const job = crypto.randomUUID();
      const oldRun = crypto.randomUUID();
      const run = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into jobs (id, status, "values") values (${job}, ${status}, ${JSON.stringify({ title })}::jsonb)`,
      );
      // An older done run whose results were replaced must not count.
      await f.db.db.execute(
        sql`insert into job_runs (id, job_id, job_version, state, finished_at) values
            (${oldRun}, ${job}, 0, 'done', now() - interval '1 day'), (${run}, ${job}, 0, 'done', now())`,
      );
      for (const [runId, r] of [
        [oldRun, 1],
        [run, rank],
      ] as const) {
        await f.db.db.execute(
          sql`insert into job_results (run_id, job_id, profile_id, rank, score, breakdown, profile_version, type, name)
              values (${runId}, ${job}, ${f.mueller}, ${r}, ${score}, '[]'::jsonb, 0, 'stella', 'Anna Müller')`,
        );
      }
      return job;
    };
    const active = await addJob('Tischlerin', 'active', 3, 87.5);
    await addJob('Archiviert', 'archived', 1, 99);
    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.agent)).json(),
    );
    expect(detail.jobs).toEqual([{ uuid: active, title: 'Tischlerin', rank: 3, score: 87.5 }]);
  });

  it('refuses bad and unknown uuids with codes', async () => {
    // A malformed path id is not found, like an unknown one (docs/decisions/0032).
    for (const [path, code] of [
      ['/api/agent/profile/not-a-uuid', 'profile.not_found'],
      ['/api/agent/card/123/pdf', 'profile.not_found'],
      ['/api/agent/company/x', 'company.not_found'],
    ]) {
      const res = await f.request('GET', path ?? '', f.tokens.agent);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    const unknown = crypto.randomUUID();
    const res = await f.request('GET', `/api/agent/profile/${unknown}`, f.tokens.agent);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('profile.not_found');
    const card = await f.request('GET', `/api/agent/card/${f.mueller}/docx`, f.tokens.agent);
    expect(card.status).toBe(400);
    expect(((await card.json()) as { code: string }).code).toBe('card.format_invalid');
    const assign = await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: 'nope' });
    expect(assign.status).toBe(400);
    const status = await f.request('POST', `/api/agent/profile/${f.mueller}/status`, f.tokens.agent, {
      status: 'gone',
    });
    expect(status.status).toBe(400);
  });

  it('records every read of the profile and the cards; senior agents see it, and so does the export', async () => {
    await f.db.db.execute(sql`delete from agent_access_log`);
    await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.agent);
    await f.request('GET', `/api/agent/card/${f.mueller}/full`, f.tokens.otherAgent);
    await f.request('GET', `/api/agent/card/${f.mueller}/anonymised`, f.tokens.agent);
    const res = await f.request('GET', `/api/agent/profile/${f.mueller}/access-log`, f.tokens.senior);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { agent: string; what: string }[] };
    expect(items.map((i) => [i.agent, i.what])).toEqual([
      ['agent@agents.test', 'card_anonymised'],
      ['other-agent@agents.test', 'card_full'],
      ['agent@agents.test', 'profile'],
    ]);
    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.senior)).json(),
    );
    expect(detail.accessLog?.[0]).toMatchObject({ agent: 'senior@agents.test', what: 'profile' });

    const [user] = await queryRows(f.db.db, sql`select id from users where id = ${f.muellerUser}`, IdRow);
    expect(user).toBeDefined();
    const { signAccessToken } = await import('../auth/tokens');
    const { users } = await import('../db/schema/users');
    const { eq } = await import('drizzle-orm');
    const [row] = await f.db.db.select().from(users).where(eq(users.id, f.muellerUser));
    const token = await signAccessToken(f.auth.tokens, row!, 'ok');
    const exported = (await (await f.request('GET', '/api/user/export', token)).json()) as AccountExport;
    expect(exported.agentAccesses.map((a) => a.action)).toEqual([
      'profile',
      'card_anonymised',
      'card_full',
      'profile',
    ]);
    expect(exported.agentAccesses[0]?.agent).toBe('senior@agents.test');
  });

  const textOf = async (format: string) => {
    const res = await f.request('GET', `/api/agent/card/${f.mueller}/${format}`, f.tokens.agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    return (await extractText(pdf, { mergePages: true })).text;
  };
  const SECRETS = ['Anna', 'Müller', 'anna.mueller', '15199887766', '1990', '17.05.1990'];

  it('prints the full card in the agent language and an anonymised card without name, e-mail, phone or birth date', async () => {
    const full = await textOf('full');
    expect(full).toContain('Anna Müller');
    expect(full).toContain('Holzbearbeitung');
    const anonymised = await textOf('anonymised');
    for (const secret of SECRETS) expect(anonymised, secret).not.toContain(secret);
    expect(anonymised).toContain('Köln');
    expect(anonymised).toContain('Holzbearbeitung');
  });

  it('answers an old link with the words before issue 43 (pdf, anonymous) with the same card, logged in the new words', async () => {
    await f.db.db.execute(sql`delete from agent_access_log`);
    expect(await textOf('pdf')).toContain('Anna Müller');
    const anonymous = await textOf('anonymous');
    for (const secret of SECRETS) expect(anonymous, secret).not.toContain(secret);
    expect(anonymous).toContain('Holzbearbeitung');
    const res = await f.request('GET', `/api/agent/profile/${f.mueller}/access-log`, f.tokens.senior);
    const { items } = (await res.json()) as { items: { what: string }[] };
    expect(items.map((i) => i.what)).toEqual(['card_anonymised', 'card_full']);
  });
});
