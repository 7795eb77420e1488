import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createApiClient } from '../../api/client';
import { sessionMachine } from '../session/session.machine';
import { type AppLogic, areaLogic, createAppLogic } from './app-logic';

function app(): AppLogic {
  const session = createActor(sessionMachine, { input: {} });
  const api = createApiClient({ token: () => null, settled: async () => {}, refresh: async () => '' });
  return createAppLogic(api, session);
}

describe('areaLogic', () => {
  it('makes an area once per app, on first use, from that app', () => {
    const create = vi.fn((core: AppLogic) => ({ core }));
    const area = areaLogic(create);
    const first = app();
    const second = app();
    expect(create).not.toHaveBeenCalled();
    const made = area(first);
    expect(made.core).toBe(first);
    expect(area(first)).toBe(made);
    expect(create).toHaveBeenCalledTimes(1);
    expect(area(second)).not.toBe(made);
    expect(area(second).core).toBe(second);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
