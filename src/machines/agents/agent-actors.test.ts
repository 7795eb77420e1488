import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AgentSelf } from '../../../contract/agent';
import { sessionMachineForTests } from '../../../tests/support/session';
import { MemoryStorage } from '../../../tests/support/tokens';
import { type ApiClient, ApiError } from '../../api/client';
import { resourceData } from '../shared/resource.machine';
import { createAppLogic } from '../shell/app-logic';
import { agentLogic } from './agent-actors';

const ME = { uuid: '00000000-0000-4000-8000-0000000000a1', email: 'agent@x.example' };

/** A server in memory: the calls it got, and answers for the agent's own record. */
function fakeServer() {
  const calls: string[] = [];
  const puts: unknown[] = [];
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
  const api = {
    async call<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
      const method = options.method ?? 'GET';
      calls.push(`${method} ${path}`);
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

describe("the agent's own record (/agent)", () => {
  const ownPage = (api: ApiClient) => {
    const session = createActor(sessionMachineForTests(), {
      input: { storage: new MemoryStorage() },
    }).start();
    return agentLogic(createAppLogic(api, session)).ownPage();
  };

  it('saves the name and reloads the record, whose new version refills the form', async () => {
    const server = fakeServer();
    const { self, save } = ownPage(server.api);
    await waitFor(self, (s) => s.matches('loaded'));
    const form = save;
    form.send({ type: 'form.change', name: 'first_name', value: 'Alexandra' });
    form.send({ type: 'form.submit' });
    await waitFor(form, (s) => s.matches('done'));
    expect(server.puts).toEqual([{ first_name: 'Alexandra', last_name: 'Berger', phone: null, version: 3 }]);
    await waitFor(self, (s) => s.matches('loaded') && resourceData(self.getSnapshot())?.version === 4);
    expect(resourceData(self.getSnapshot())?.first_name).toBe('Alexandra');
    // The form holds the saved record now, and still says it was saved.
    await waitFor(form, (s) => s.context.fixed.version === 4);
    expect(form.getSnapshot().matches('done')).toBe(true);
    expect(form.getSnapshot().context.values.first_name).toBe('Alexandra');
  });

  it('keeps the conflict as the form error and reloads the current version for the next try', async () => {
    const server = fakeServer();
    const { self, save } = ownPage(server.api);
    await waitFor(self, (s) => s.matches('loaded'));
    const form = save;
    server.bumpVersion();
    form.send({ type: 'form.change', name: 'first_name', value: 'Alexandra' });
    form.send({ type: 'form.submit' });
    await waitFor(form, (s) => s.matches('editing') && s.context.error !== null);
    expect(form.getSnapshot().context.error).toBe('agent.version_conflict');
    await waitFor(self, (s) => s.matches('loaded') && resourceData(self.getSnapshot())?.version === 4);
    expect(resourceData(self.getSnapshot())?.first_name).toBe('Alex');
    // The form shows the current record, for the next try, and still says why.
    await waitFor(form, (s) => s.context.fixed.version === 4);
    expect(form.getSnapshot().context.values.first_name).toBe('Alex');
    expect(form.getSnapshot().context.error).toBe('agent.version_conflict');
  });
});
