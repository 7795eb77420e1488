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
const ME = { uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Alex Berger', email: 'agent@x.example' };

/** A server in memory: the calls it got, and answers for the company and its assignment. */
function fakeServer() {
  const calls: string[] = [];
  let assigned: typeof ME | null = null;
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
    const { detail, assign } = companyDetail(server.api, COMPANY);
    await waitFor(detail, (s) => s.matches('loaded'));
    expect(resourceData<CompanyDetail>(detail.getSnapshot())?.assignedAgent).toBeNull();

    assign.send({ type: 'submission.submit', input: undefined });
    await waitFor(assign, (s) => s.matches('done'));
    await waitFor(
      detail,
      (s) => s.matches('loaded') && resourceData<CompanyDetail>(s)?.assignedAgent !== null,
    );
    expect(resourceData<CompanyDetail>(detail.getSnapshot())?.assignedAgent).toEqual(ME);

    assign.send({ type: 'submission.submit', input: null });
    await waitFor(
      detail,
      (s) => s.matches('loaded') && resourceData<CompanyDetail>(s)?.assignedAgent === null,
    );
    expect(server.calls.filter((c) => c === 'POST /api/agent/assign_company')).toHaveLength(2);
    expect(server.calls.filter((c) => c === `GET /api/agent/company/${COMPANY}`)).toHaveLength(3);
  });
});
