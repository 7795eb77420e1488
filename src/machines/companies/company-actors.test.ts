import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CompanyDetail } from '../../../contract/agent';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import type { ApiClient } from '../../api/client';
import { resourceData } from '../shared/resource.machine';
import { createAppLogic } from '../shell/app-logic';
import { companyLogic } from './company-actors';

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const NAME_FIELD = {
  key: 'name',
  type: 'text',
  label: { de: 'Name', en: 'Name' },
  tab: 'company',
  required: true,
  for: ['company', 'agent'],
};
const ME = { uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Alex Berger', email: 'agent@x.example' };

/** A server in memory: the calls it got, and answers for the company and its assignment. */
function fakeServer() {
  const calls: string[] = [];
  let assigned: typeof ME | null = null;
  let version = 0;
  let values: Record<string, unknown> = { name: 'Rheinwerk' };
  const profile = () => ({
    uuid: COMPANY,
    type: 'company',
    values,
    image: null,
    status: 'active' as const,
    pausedByAgency: false,
    completeness: 100,
    missing: [],
    version,
  });
  const company = (): CompanyDetail => ({
    uuid: COMPANY,
    values,
    email: 'c@x.example',
    hasAccount: true,
    profile: profile(),
    assignedAgent: assigned,
    requests: [],
    invitation: null,
  });
  const api = {
    async call<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
      const method = options.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === `/api/agent/company/${COMPANY}` && method === 'GET') return company() as T;
      if (path === `/api/agent/company/${COMPANY}` && method === 'POST') {
        const body = options.body as { values: Record<string, unknown>; version: number };
        values = body.values;
        version = body.version + 1;
        return profile() as T;
      }
      if (path === '/api/company/data') return [NAME_FIELD] as T;
      if (path === '/api/agent/assign_company') {
        const body = options.body as { uuid: string; agent?: string | null };
        assigned = body.agent === null ? null : ME;
        return {
          uuid: COMPANY,
          type: 'company',
          status: 'active',
          assignedAgent: assigned,
          block: null,
        } as T;
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  } as unknown as ApiClient;
  return { api, calls };
}

function companyDetail(api: ApiClient, uuid: string) {
  const session = createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();
  return companyLogic(createAppLogic(api, session)).detail(uuid);
}

describe('company detail actors (companies/view/{uuid})', () => {
  it('assigns the company to me, then unassigns it, reloading the company after each change', async () => {
    const server = fakeServer();
    const { detail, assign } = await companyDetail(server.api, COMPANY);
    await waitFor(detail, (s) => s.matches('loaded'));
    expect(resourceData(detail.getSnapshot())?.assignedAgent).toBeNull();

    assign.send({ type: 'submission.submit', input: undefined });
    await waitFor(assign, (s) => s.matches('done'));
    await waitFor(
      detail,
      (s) => s.matches('loaded') && resourceData(detail.getSnapshot())?.assignedAgent !== null,
    );
    expect(resourceData(detail.getSnapshot())?.assignedAgent).toEqual(ME);

    assign.send({ type: 'submission.submit', input: null });
    await waitFor(
      detail,
      (s) => s.matches('loaded') && resourceData(detail.getSnapshot())?.assignedAgent === null,
    );
    expect(server.calls.filter((c) => c === 'POST /api/agent/assign_company')).toHaveLength(2);
    expect(server.calls.filter((c) => c === `GET /api/agent/company/${COMPANY}`)).toHaveLength(3);
  });

  it("edits the company in the owner's form: one read for page and form, the save names the version and reloads the page", async () => {
    const server = fakeServer();
    const { detail, editor } = await companyDetail(server.api, COMPANY);
    await waitFor(editor, (s) => s.matches('editing'));
    expect(editor.getSnapshot().context.form).toEqual({ name: 'Rheinwerk' });
    // A company with its account has no contact e-mail field.
    expect(editor.getSnapshot().context.fields.map((f) => f.key)).toEqual(['name']);
    editor.send({ type: 'profile.change', key: 'name', value: 'Rheinwerk Bau' });
    editor.send({ type: 'profile.save' });
    await waitFor(editor, (s) => s.matches('saved'));
    expect(editor.getSnapshot().context.profile?.version).toBe(1);
    await waitFor(
      detail,
      (s) => s.matches('loaded') && resourceData(detail.getSnapshot())?.profile.version === 1,
    );
    expect(server.calls.filter((c) => c.startsWith('POST /api/agent/company/'))).toEqual([
      `POST /api/agent/company/${COMPANY}`,
    ]);
    expect(server.calls.filter((c) => c === `GET /api/agent/company/${COMPANY}`)).toHaveLength(2);
  });
});
