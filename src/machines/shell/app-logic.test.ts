import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type ApiClient, createApiClient } from '../../api/client';
import { sessionMachine } from '../session/session.machine';
import { type AppLogic, type AreaDeps, areaLogic, createAppLogic } from './app-logic';

const apis = new WeakMap<AppLogic, ApiClient>();

function app(): AppLogic {
  const session = createActor(sessionMachine, { input: {} });
  const api = createApiClient({ token: () => null, settled: async () => {}, refresh: async () => '' });
  const made = createAppLogic(api, session);
  apis.set(made, api);
  return made;
}

describe('areaLogic', () => {
  it('hands the app to React without its API client', () => {
    expect('api' in app()).toBe(false);
  });

  it('makes an area once per app, on first use, from that app', () => {
    const create = vi.fn((deps: AreaDeps) => ({ deps }));
    const area = areaLogic(create);
    const first = app();
    const second = app();
    expect(create).not.toHaveBeenCalled();
    const made = area(first);
    expect(made.deps.session).toBe(first.session);
    expect(made.deps.api).toBe(apis.get(first));
    expect(made.deps.app).toBe(first);
    expect(area(first)).toBe(made);
    expect(create).toHaveBeenCalledTimes(1);
    expect(area(second)).not.toBe(made);
    expect(area(second).deps.session).toBe(second.session);
    expect(area(second).deps.api).toBe(apis.get(second));
    expect(create).toHaveBeenCalledTimes(2);
  });
});
