import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANDIDATE_PAGE_SIZE, CandidateListSearchSchema } from '../../contract/candidate-search';
import { fetchCandidateFields, listCandidates } from './candidates';
import { createApiClient, type SessionBridge } from './client';
import {
  dropEarlyCalls,
  EARLY_CALLS_FRESH_MS,
  EARLY_CALLS_PER_TASK,
  earlyCallPaths,
  startEarlyCalls,
  takeEarlyCall,
  takeEarlyKeys,
} from './early-calls';
import { localDay } from './local-day';

/** A token whose payload the boot script can read (the signature is the app's to check). */
function tokenFor(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}
const AGENT_TOKEN = tokenFor({ user_type: 'agent', login_status: 'ok' });
const stored = (token: string) => JSON.stringify({ token, refreshToken: 'r' });

const bridge = (token: string | null): SessionBridge => ({
  token: () => token,
  settled: async () => {},
  refresh: async () => {
    throw new Error('no refresh in this test');
  },
});

/** What an agent's dashboard asks for early: the session, the catalogues, the agent and the page's data. */
const agentDashboardCalls = () => [
  '/api/session',
  '/api/profile/data',
  '/api/job/data',
  '/api/company/data',
  '/api/agent',
  '/api/agent/dashboard',
  `/api/pipeline/follow-ups?today=${localDay()}`,
  `/api/agent/attention?today=${localDay()}`,
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  dropEarlyCalls();
  vi.unstubAllGlobals();
});

describe('the signed-in page’s early calls (issue 22)', () => {
  it('names the session, the catalogues and the page’s own data for each kind of user', () => {
    expect(earlyCallPaths('/dashboard', 'agent')).toEqual(agentDashboardCalls());
    expect(earlyCallPaths('/stellas', 'senior_agent')).not.toContain('/api/agent/dashboard');
    const job = '5eed10b0-0000-4000-8000-000000000001';
    expect(earlyCallPaths(`/matchingJobResult/${job}`, 'agent')).toContain(
      `/api/job/showresults/${job}?sort=score&page=1&limit=20`,
    );
    // Another page or sort of the results asks for what its address says: nothing is guessed.
    expect(earlyCallPaths(`/matchingJobResult/${job}`, 'agent', '?page=2').join()).not.toContain(
      'showresults',
    );
    expect(earlyCallPaths('/dashboard', 'stella')).toEqual([
      '/api/session',
      '/api/profile/data',
      '/api/job/data',
      '/api/profile',
    ]);
    expect(earlyCallPaths('/dashboard', 'company')).toContain('/api/company');
  });

  it('starts them all at once with the stored token, and the key set without one', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    const asked = fetch.mock.calls.map((call) => call as unknown as [string, RequestInit]);
    expect(asked.map(([path]) => path)).toEqual(['/api/public/jwk', ...agentDashboardCalls()]);
    expect(new Headers(asked[0]?.[1].headers).get('authorization')).toBeNull();
    expect(new Headers(asked[1]?.[1].headers).get('authorization')).toBe(`Bearer ${AGENT_TOKEN}`);
  });

  it('starts them a few per step, the key set and the session first, when given steps to run', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    let steps: (() => void)[] = [];
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard', '', (given) => {
      steps = given;
    });
    expect(fetch).not.toHaveBeenCalled();
    const all = ['/api/public/jwk', ...agentDashboardCalls()];
    expect(steps).toHaveLength(Math.ceil(all.length / EARLY_CALLS_PER_TASK));
    const asked = () => fetch.mock.calls.map((call) => (call as unknown as [string])[0]);
    steps[0]?.();
    expect(asked()).toEqual(all.slice(0, EARLY_CALLS_PER_TASK));
    expect(asked()).toContain('/api/session');
    for (const step of steps.slice(1)) step();
    expect(asked()).toEqual(all);
    // Each is handed out as if started at once.
    expect(takeEarlyCall('/api/agent/dashboard', AGENT_TOKEN)).toBeDefined();
  });

  it('starts no later step once the calls were dropped (the session changed meanwhile)', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    let steps: (() => void)[] = [];
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard', '', (given) => {
      steps = given;
    });
    steps[0]?.();
    dropEarlyCalls();
    for (const step of steps.slice(1)) step();
    expect(fetch).toHaveBeenCalledTimes(EARLY_CALLS_PER_TASK);
  });

  it('starts nothing on the landing page, without credentials, or while the SMS code is pending', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/');
    startEarlyCalls(null, '/dashboard');
    startEarlyCalls('not json', '/dashboard');
    startEarlyCalls(stored('no.token'), '/dashboard');
    startEarlyCalls(stored(tokenFor({ user_type: 'stella', login_status: 'pending' })), '/dashboard');
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyKeys()).toBeUndefined();
  });

  it('hands an answer out once, and only for the token it was asked with', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ok: true })),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    expect(takeEarlyCall('/api/session', 'another token')).toBeUndefined();
    expect(takeEarlyCall('/api/session', AGENT_TOKEN)).toBeDefined();
    expect(takeEarlyCall('/api/session', AGENT_TOKEN)).toBeUndefined();
    expect(takeEarlyKeys()).toBeDefined();
    expect(takeEarlyKeys()).toBeUndefined();
  });

  it('hands out nothing once the first page’s load is long over: a later visit asks afresh', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ok: true })),
    );
    vi.useFakeTimers();
    try {
      startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
      vi.advanceTimersByTime(EARLY_CALLS_FRESH_MS + 1);
      expect(takeEarlyCall('/api/agent', AGENT_TOKEN)).toBeUndefined();
      expect(takeEarlyKeys()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up on a server that does not answer, as the client’s own call would', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    for (const call of fetch.mock.calls as unknown as [string, RequestInit][])
      expect(call[1].signal).toBeInstanceOf(AbortSignal);
  });
});

describe('the API client with early calls', () => {
  it('takes the early answer of a GET instead of asking again', async () => {
    const early = vi.fn(async () => json({ sub: 'early' }));
    vi.stubGlobal('fetch', early);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    const later = vi.fn(async () => json({ sub: 'asked again' }));
    const api = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    expect(await api.call('/api/session')).toEqual({ sub: 'early' });
    expect(later).not.toHaveBeenCalled();
    // Taken once: the next visit asks the server.
    expect(await api.call('/api/session')).toEqual({ sub: 'asked again' });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer is an error, so the error takes the ordinary way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'auth.forbidden' }, 403)),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    const later = vi.fn(async () => json({ counts: 1 }));
    const api = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    expect(await api.call('/api/agent/dashboard')).toEqual({ counts: 1 });
    expect(later).toHaveBeenCalledTimes(1);
  });

  // The candidate tables' first page once left only after the route's chunks had run (issue 22).
  it('answers a candidate table’s first page and its fields, as the table asks for them, from the early calls', async () => {
    const early = vi.fn(async () => json({ items: [], total: 0, page: 1, limit: CANDIDATE_PAGE_SIZE }));
    vi.stubGlobal('fetch', early);
    startEarlyCalls(stored(AGENT_TOKEN), '/lunas');
    const later = vi.fn(async () => json({ asked: 'again' }));
    const api = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    // The table's query as the address without one gives it (src/machines/candidates/candidate-actors.ts).
    const search = v.parse(CandidateListSearchSchema, {});
    expect(await listCandidates(api, { ...search, type: 'luna', limit: CANDIDATE_PAGE_SIZE })).toMatchObject({
      total: 0,
    });
    await fetchCandidateFields(api, 'luna').catch(() => {});
    expect(later).not.toHaveBeenCalled();
    // A table opened with a query asks for what its address says.
    expect(earlyCallPaths('/lunas', 'agent', '?page=2').join()).not.toContain('/api/profile/list');
  });

  it('leaves writes and calls with another token alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ sub: 'early' })),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    const later = vi.fn(async () => json({ sub: 'asked' }));
    const other = createApiClient(bridge('another token'), '', later as unknown as typeof fetch);
    expect(await other.call('/api/session')).toEqual({ sub: 'asked' });
    const same = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    expect(await same.call('/api/profile/data', { method: 'POST', body: {} })).toEqual({ sub: 'asked' });
    expect(later).toHaveBeenCalledTimes(2);
  });
});
