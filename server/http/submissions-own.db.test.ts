import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnSubmissionsSchema } from '../../contract/submissions';
import { type AgentFixture, createAgentFixture } from './agent-test-kit';

// A candidate's own submissions (issue 42, the lifecycle page): only their own, companies named only
// where the full card went, and the status in their words.

let f: AgentFixture;
let stellaProfile = '';
beforeAll(async () => {
  f = await createAgentFixture();
  stellaProfile = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into profiles (id, user_id, type, "values") values (${stellaProfile}, ${f.ids.stella}, 'stella',
        ${JSON.stringify({ first_name: 'Stella', last_name: 'Stern' })}::jsonb)`,
  );
  const other = await f.addCandidate(
    'stella',
    { first_name: 'Otto', last_name: 'Other' },
    { email: 'o@mail.test' },
  );
  const company = async (name: string) => {
    const id = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values") values (${id}, ${JSON.stringify({ name })}::jsonb)`,
    );
    return id;
  };
  const rheinwerk = await company('Rheinwerk Bau GmbH');
  const geheim = await company('Geheim AG');
  const job = async (title: string) => {
    const id = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into jobs (id, created_by, "values") values (${id}, ${f.ids.agent}, ${JSON.stringify({ title })}::jsonb)`,
    );
    return id;
  };
  const entry = async (
    jobId: string,
    profileId: string,
    e: {
      stage: string;
      card?: 'full' | 'anonymised';
      company?: string;
      at?: string;
      answer?: string;
      reasonBy?: string;
    },
  ) =>
    f.db.db.execute(
      sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, submitted_at, submitted_card,
            submitted_company_id, client_answer, client_answered_at, reason, reason_by)
          values (${crypto.randomUUID()}, ${jobId}, ${profileId}, ${e.stage}, 'submitted', ${e.at ?? null},
            ${e.card ?? null}, ${e.company ?? null}, ${e.answer ?? null}, ${e.answer ? e.at : null},
            ${e.reasonBy ? 'not a fit' : null}, ${e.reasonBy ?? null})`,
    );
  await entry(await job('Lager Rheinwerk'), stellaProfile, {
    stage: 'interview',
    card: 'full',
    company: rheinwerk,
    at: '2026-11-02T09:00:00Z',
  });
  await entry(await job('Geheim AG Buchhaltung'), stellaProfile, {
    stage: 'submitted',
    card: 'anonymised',
    company: geheim,
    at: '2026-11-05T09:00:00Z',
    answer: 'interested',
  });
  await entry(await job('Rheinwerk Büro'), stellaProfile, {
    stage: 'rejected',
    card: 'full',
    company: rheinwerk,
    at: '2026-10-01T09:00:00Z',
    reasonBy: 'client',
  });
  await entry(await job('Nur vorgeschlagen'), stellaProfile, { stage: 'proposed' });
  await entry(await job('Ottos Job'), other.profileId, {
    stage: 'submitted',
    card: 'full',
    company: geheim,
    at: '2026-11-06T09:00:00Z',
  });
});
afterAll(() => f.close());

describe('GET /api/profile/submissions', () => {
  it('answers 401 without a token and 403 for agents, senior agents and companies', async () => {
    expect((await f.request('GET', '/api/profile/submissions')).status).toBe(401);
    for (const role of ['agent', 'senior', 'company'] as const) {
      const res = await f.request('GET', '/api/profile/submissions', f.tokens[role]);
      expect(res.status, role).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
    }
  });

  it("answers a candidate's own sends only: the full card's company by name, the anonymised one unnamed", async () => {
    const res = await f.request('GET', '/api/profile/submissions', f.tokens.stella);
    expect(res.status).toBe(200);
    const body = v.parse(OwnSubmissionsSchema, await res.json());
    expect(body.items).toEqual([
      { sentAt: '2026-11-05T09:00:00.000Z', card: 'anonymised', company: null, status: 'interested' },
      {
        sentAt: '2026-11-02T09:00:00.000Z',
        card: 'full',
        company: 'Rheinwerk Bau GmbH',
        status: 'interview',
      },
      {
        sentAt: '2026-10-01T09:00:00.000Z',
        card: 'full',
        company: 'Rheinwerk Bau GmbH',
        status: 'not_interested',
      },
    ]);
    // Two companies, three sends; Otto's send is not among them, and no job title is either.
    expect(body.companies).toBe(2);
    expect(JSON.stringify(body)).not.toMatch(/Geheim|Otto|Lager|Ottos/);
    expect(body.reached).toEqual(['registered', 'visible', 'proposed', 'sent', 'answered']);
  });

  it('answers a candidate without a profile or sends just "registered"', async () => {
    for (const role of ['luna', 'nova'] as const) {
      const res = await f.request('GET', '/api/profile/submissions', f.tokens[role]);
      expect(res.status, role).toBe(200);
      expect(await res.json()).toEqual({ reached: ['registered'], companies: 0, items: [] });
    }
  });
});
