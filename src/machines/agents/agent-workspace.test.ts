import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AgentSelf, CompanyDetail } from '../../../contract/agent';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { type ApiClient, ApiError } from '../../api/client';
import { listPage } from '../shared/list.machine';
import { agentSelfActors, companyDetailActors } from './agent-workspace';

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const ME = { uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Alex Berger', email: 'agent@x.example' };

/** A server in memory: the calls it got, and answers for the company and the agent's own record. */
function fakeServer() {
  const calls: string[] = [];
  const puts: unknown[] = [];
  let assigned: typeof ME | null = null;
  let self: AgentSelf = {
    uuid: ME.uuid,
    email: ME.email,
    userType: 'agent',
    first_name: 'Alex',
    last_name: 'Berger',
    phone: null,
    photo_image: null,
    version: 3,
  };
  const company = (): CompanyDetail => ({
    uuid: COMPANY,
    values: { name: 'Rheinwerk' },
    email: 'c@x.example',
    assignedAgent: assigned,
    requests: [],
  });
  const api = {
    async call<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
      const method = options.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === `/api/agent/company/${COMPANY}`) return company() as T;
      if (path === '/api/agent/assign_company') {
        const body = options.body as { uuid: string; agent?: string | null };
        assigned = body.agent === null ? null : ME;
        return { uuid: COMPANY, type: 'company', status: 'active', assignedAgent: assigned } as T;
      }
      if (path === '/api/agent' && method === 'GET') return self as T;
      if (path === '/api/agent' && method === 'PUT') {
        puts.push(options.body);
        const body = options.body as { first_name: string; last_name: string; version: number };
        if (body.version !== self.version) {
          throw new ApiError(409, 'agent.version_conflict', 'changed', {}, null, { current: self });
        }
        self = { ...self, first_name: body.first_name, last_name: body.last_name, version: self.version + 1 };
        return self as T;
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  } as unknown as ApiClient;
  return {
    api,
    calls,
    /** The bodies of PUT /api/agent. */
    puts,
    /** Someone else saves the record meanwhile. */
    bumpVersion: () => {
      self = { ...self, version: self.version + 1 };
    },
  };
}

describe('company detail actors (companies/view/{uuid})', () => {
  it('assigns the company to me, then unassigns it, reloading the company after each change', async () => {
    const server = fakeServer();
    const { detail, assign } = companyDetailActors(server.api, COMPANY);
    await waitFor(detail, (s) => s.matches('loaded'));
    expect(listPage<CompanyDetail>(detail.getSnapshot())?.assignedAgent).toBeNull();

    assign.send({ type: 'submission.submit', input: undefined });
    await waitFor(assign, (s) => s.matches('done'));
    await waitFor(detail, (s) => s.matches('loaded') && listPage<CompanyDetail>(s)?.assignedAgent !== null);
    expect(listPage<CompanyDetail>(detail.getSnapshot())?.assignedAgent).toEqual(ME);

    assign.send({ type: 'submission.submit', input: null });
    await waitFor(detail, (s) => s.matches('loaded') && listPage<CompanyDetail>(s)?.assignedAgent === null);
    expect(server.calls.filter((c) => c === 'POST /api/agent/assign_company')).toHaveLength(2);
    expect(server.calls.filter((c) => c === `GET /api/agent/company/${COMPANY}`)).toHaveLength(3);
  });
});

describe("the agent's own record (/agent)", () => {
  const session = () =>
    createActor(sessionMachineForTests(), { input: { storage: new MemoryStorage() } }).start();

  it('saves the name and reloads the record, whose new version refills the form', async () => {
    const server = fakeServer();
    const { self, save } = agentSelfActors(server.api, session());
    await waitFor(self, (s) => s.matches('loaded'));
    const form = save;
    form.send({ type: 'form.change', name: 'first_name', value: 'Alexandra' });
    form.send({ type: 'form.submit' });
    await waitFor(form, (s) => s.matches('done'));
    expect(server.puts).toEqual([{ first_name: 'Alexandra', last_name: 'Berger', phone: null, version: 3 }]);
    await waitFor(self, (s) => s.matches('loaded') && listPage<AgentSelf>(s)?.version === 4);
    expect(listPage<AgentSelf>(self.getSnapshot())?.first_name).toBe('Alexandra');
    // The form holds the saved record now, and still says it was saved.
    await waitFor(form, (s) => s.context.fixed.version === 4);
    expect(form.getSnapshot().matches('done')).toBe(true);
    expect(form.getSnapshot().context.values.first_name).toBe('Alexandra');
  });

  it('keeps the conflict as the form error and reloads the current version for the next try', async () => {
    const server = fakeServer();
    const { self, save } = agentSelfActors(server.api, session());
    await waitFor(self, (s) => s.matches('loaded'));
    const form = save;
    server.bumpVersion();
    form.send({ type: 'form.change', name: 'first_name', value: 'Alexandra' });
    form.send({ type: 'form.submit' });
    await waitFor(form, (s) => s.matches('editing') && s.context.error !== null);
    expect(form.getSnapshot().context.error).toBe('agent.version_conflict');
    await waitFor(self, (s) => s.matches('loaded') && listPage<AgentSelf>(s)?.version === 4);
    expect(listPage<AgentSelf>(self.getSnapshot())?.first_name).toBe('Alex');
    // The form shows the current record, for the next try, and still says why.
    await waitFor(form, (s) => s.context.fixed.version === 4);
    expect(form.getSnapshot().context.values.first_name).toBe('Alex');
    expect(form.getSnapshot().context.error).toBe('agent.version_conflict');
  });
});
