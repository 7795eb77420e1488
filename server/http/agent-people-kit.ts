import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { AgentProfileDetailSchema } from '../../contract/agent';
import { ProfileResponseSchema } from '../../contract/profile';
import { queryRows } from '../db/client';
import { text } from '../db/rows';
import { type AgentFixture, type AgentRole, COLOGNE } from './agent-test-kit';

/** What the tests of agents' people (agent-people, agent-invitations) share (issue 20, contract/people.ts). */

export const PASSWORD = 'Lichtung-Kanu-Moosbeere-42';
export const ACCEPT = {
  password: PASSWORD,
  language: 'de',
  accepted: ['terms-conditions', 'condition-agreements'],
};
export const AGENTS: AgentRole[] = ['agent', 'senior'];
export const NOT_AGENTS: AgentRole[] = ['luna', 'stella', 'nova', 'company'];

/** A candidate as an agent takes them down on the phone. */
export const intake = (extra: Record<string, unknown> = {}) => ({
  type: 'stella',
  values: {
    first_name: 'Jonas',
    last_name: 'Telefon',
    city: { id: COLOGNE?.id },
    occupation: 'electrician',
    skills: ['electrical_installation', 'photovoltaics'],
    ...extra,
  },
});

export const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

/** The calls the tests make, on the file's fixture (read when called: it is made in beforeAll). */
export function peopleCalls(fixture: () => AgentFixture) {
  return {
    async create(body: unknown, role: AgentRole = 'agent') {
      const f = fixture();
      const res = await f.request('PUT', '/api/agent/profile', f.tokens[role], body);
      expect(res.status, await res.clone().text()).toBe(201);
      return v.parse(ProfileResponseSchema, await res.json());
    },
    async detail(uuid: string) {
      const f = fixture();
      const res = await f.request('GET', `/api/agent/profile/${uuid}`, f.tokens.agent);
      expect(res.status).toBe(200);
      return v.parse(AgentProfileDetailSchema, await res.json());
    },
    /** The token of the newest invitation link mailed to `email`. */
    async linkTo(email: string): Promise<string> {
      const [mail] = await queryRows(
        fixture().db.db,
        sql`select text, subject from outbox where recipient = ${email} order by created_at desc, id desc limit 1`,
        v.object({ text, subject: text }),
      );
      const token = mail?.text.match(/\/user\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error(`no invitation mailed to ${email}`);
      return token;
    },
    accept: (token: string, body: unknown = ACCEPT, bearer?: string) =>
      fixture().request('POST', `/api/public/invitation/${token}`, bearer, body),
  };
}
