import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBatchable } from '../../contract/batch-paths';
import { CANDIDATE_PAGE_SIZE, CandidateListSearchSchema } from '../../contract/candidate-search';
import { CANDIDATES } from '../../contract/endpoints/agents';
import { localDay } from '../../contract/local-day';
import { routeChunkPaths } from '../../contract/page-meta';
import { fetchCandidateFields } from './candidates';
import { createApiClient, type SessionBridge, send } from './client';
import {
  dropEarlyCalls,
  EARLY_CALLS_FRESH_MS,
  earlyCallPaths,
  JWK_PATH,
  startEarlyCalls,
  storedAudience,
  takeEarlyCall,
  takeEarlyKeys,
} from './early-calls';

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

/** A server's POST /api/batch: each path answered by `answer` (by default 200 with the path itself). */
function batchServer(
  answer: (path: string) => { status: number; body?: unknown } = (path) => ({ status: 200, body: { path } }),
) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    const { paths } = JSON.parse(String(init.body)) as { paths: string[] };
    return json({ answers: paths.map((path) => ({ path, ...answer(path) })) });
  });
}

/** The paths of each batch the stub was asked for, in order. */
const batchesAskedOf = (fetch: ReturnType<typeof batchServer>) =>
  fetch.mock.calls.map(([url, init]) => {
    expect(url).toBe('/api/batch');
    expect(init.method).toBe('POST');
    return (JSON.parse(String(init.body)) as { paths: string[] }).paths;
  });

afterEach(() => {
  dropEarlyCalls();
  vi.unstubAllGlobals();
});

describe('the signed-in page’s early calls (issue 22)', () => {
  it('names the session, the catalogues and the page’s own data for each kind of user', () => {
    expect(earlyCallPaths('/dashboard', 'agent')).toEqual(agentDashboardCalls());
    // Every user type naming "agent" is an agent (SEED-SPEC §1), not only the two the demo has.
    expect(earlyCallPaths('/dashboard', 'lead_agent')).toEqual(agentDashboardCalls());
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
      '/api/user/consents',
    ]);
    // A company's dashboard: its own record, the terms' check, the jobs sent to it and its requests.
    expect(earlyCallPaths('/dashboard', 'company')).toEqual([
      '/api/session',
      '/api/profile/data',
      '/api/job/data',
      '/api/company/data',
      '/api/company',
      '/api/user/consents',
      '/api/client/jobs',
      '/api/jobs/list?status=active&sort=updated&page=1&limit=20',
    ]);
    expect(earlyCallPaths('/profile', 'company')).not.toContain('/api/client/jobs');
    expect(earlyCallPaths('/dashboard', 'agent')).not.toContain('/api/user/consents');
  });

  it('names only calls a batch holds (contract/batch-paths.ts), each once per batch', () => {
    const job = '5eed10b0-0000-4000-8000-000000000001';
    const pages = ['/dashboard', '/stellas', '/lunas', '/novas', `/matchingJobResult/${job}`, '/profile'];
    for (const userType of ['agent', 'senior_agent', 'stella', 'luna', 'nova', 'company'])
      for (const page of pages) {
        const paths = [JWK_PATH, ...earlyCallPaths(page, userType)];
        expect(
          paths.filter((path) => !isBatchable(path)),
          `${userType} on ${page}`,
        ).toEqual([]);
        expect(new Set(paths).size, `${userType} on ${page}`).toBe(paths.length);
      }
  });

  it('asks for them in two requests with the stored token: the key set and the session’s, then the page’s', () => {
    const fetch = batchServer();
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    expect(batchesAskedOf(fetch)).toEqual([
      ['/api/public/jwk', ...agentDashboardCalls().slice(0, 5)],
      agentDashboardCalls().slice(5),
    ]);
    for (const [, init] of fetch.mock.calls)
      expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${AGENT_TOKEN}`);
    // A page without data of its own: one request.
    fetch.mockClear();
    startEarlyCalls(stored(AGENT_TOKEN), '/profile');
    expect(batchesAskedOf(fetch)).toHaveLength(1);
  });

  it('starts each request in a step of its own, the session’s first, when given steps to run', async () => {
    const fetch = batchServer();
    vi.stubGlobal('fetch', fetch);
    let steps: (() => void)[] = [];
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard', '', (given) => {
      steps = given;
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(steps).toHaveLength(2);
    steps[0]?.();
    expect(batchesAskedOf(fetch)[0]).toContain('/api/session');
    steps[1]?.();
    expect(batchesAskedOf(fetch)[1]).toContain('/api/agent/dashboard');
    // Each is handed out on its own, with the body the server gave for it.
    const dashboard = await takeEarlyCall('/api/agent/dashboard', AGENT_TOKEN);
    expect(dashboard?.body).toEqual({ path: '/api/agent/dashboard' });
  });

  it('starts no later step once the calls were dropped (the session changed meanwhile)', () => {
    const fetch = batchServer();
    vi.stubGlobal('fetch', fetch);
    let steps: (() => void)[] = [];
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard', '', (given) => {
      steps = given;
    });
    steps[0]?.();
    dropEarlyCalls();
    for (const step of steps.slice(1)) step();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands out each answer with its own status, and none where the batch failed', async () => {
    const fetch = batchServer((path) =>
      path === '/api/agent' ? { status: 403, body: { code: 'auth.forbidden' } } : { status: 200, body: {} },
    );
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    expect((await takeEarlyCall('/api/agent', AGENT_TOKEN))?.status).toBe(403);
    expect((await takeEarlyCall('/api/session', AGENT_TOKEN))?.status).toBe(200);
    dropEarlyCalls();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'request.invalid' }, 400)),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    await expect(takeEarlyCall('/api/session', AGENT_TOKEN)).rejects.toThrow();
    // An answer that was not JSON (its status alone) is no answer to take either.
    dropEarlyCalls();
    vi.stubGlobal(
      'fetch',
      batchServer(() => ({ status: 200 })),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    await expect(takeEarlyCall('/api/session', AGENT_TOKEN)).rejects.toThrow();
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

  it('tells whose route chunks a stored sign-in preloads, and none for no sign-in or a pending SMS code', () => {
    const entries = [
      '/assets/app.js',
      'agent:/assets/a.js',
      'agent+company:/assets/ac.js',
      'candidate:/assets/c.js',
    ];
    const pathsFor = (credentials: string | null) => routeChunkPaths(entries, storedAudience(credentials));
    expect(pathsFor(stored(AGENT_TOKEN))).toEqual(['/assets/app.js', '/assets/a.js', '/assets/ac.js']);
    expect(pathsFor(stored(tokenFor({ user_type: 'senior_agent', login_status: 'ok' })))).toEqual([
      '/assets/app.js',
      '/assets/a.js',
      '/assets/ac.js',
    ]);
    expect(pathsFor(stored(tokenFor({ user_type: 'company', login_status: 'ok' })))).toEqual([
      '/assets/app.js',
      '/assets/ac.js',
    ]);
    for (const type of ['luna', 'stella', 'nova'])
      expect(pathsFor(stored(tokenFor({ user_type: type, login_status: 'ok' }))), type).toEqual([
        '/assets/app.js',
        '/assets/c.js',
      ]);
    for (const credentials of [
      null,
      'not json',
      stored('no.token'),
      stored(tokenFor({ user_type: 'agent', login_status: 'pending' })),
    ])
      expect(pathsFor(credentials), String(credentials)).toEqual(['/assets/app.js']);
  });

  it('hands an answer out once, and only for the token it was asked with', async () => {
    vi.stubGlobal('fetch', batchServer());
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    expect(takeEarlyCall('/api/session', 'another token')).toBeUndefined();
    expect(takeEarlyCall('/api/session', AGENT_TOKEN)).toBeDefined();
    expect(takeEarlyCall('/api/session', AGENT_TOKEN)).toBeUndefined();
    expect(takeEarlyKeys()).toBeDefined();
    expect(takeEarlyKeys()).toBeUndefined();
  });

  it('hands out nothing once the first page’s load is long over: a later visit asks afresh', () => {
    vi.stubGlobal('fetch', batchServer());
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
    const fetch = batchServer();
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    for (const [, init] of fetch.mock.calls) expect(init.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('the API client with early calls', () => {
  it('takes the early answer of a GET instead of asking again', async () => {
    vi.stubGlobal(
      'fetch',
      batchServer(() => ({ status: 200, body: { sub: 'early' } })),
    );
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
      batchServer(() => ({ status: 403, body: { code: 'auth.forbidden' } })),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/dashboard');
    const later = vi.fn(async () => json({ counts: 1 }));
    const api = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    expect(await api.call('/api/agent/dashboard')).toEqual({ counts: 1 });
    expect(later).toHaveBeenCalledTimes(1);
  });

  // The candidate tables' first page once left only after the route's chunks had run (issue 22).
  it('answers a candidate table’s first page and its fields, as the table asks for them, from the early calls', async () => {
    vi.stubGlobal(
      'fetch',
      batchServer(() => ({
        status: 200,
        body: { items: [], total: 0, page: 1, limit: CANDIDATE_PAGE_SIZE },
      })),
    );
    startEarlyCalls(stored(AGENT_TOKEN), '/lunas');
    const later = vi.fn(async () => json({ asked: 'again' }));
    const api = createApiClient(bridge(AGENT_TOKEN), '', later as unknown as typeof fetch);
    // The table's query as the address without one gives it (src/machines/candidates/candidate-actors.ts).
    const search = v.parse(CandidateListSearchSchema, {});
    const query = { ...search, type: 'luna' as const, limit: CANDIDATE_PAGE_SIZE };
    expect(await send(api, CANDIDATES.list, { query })).toMatchObject({ total: 0 });
    await fetchCandidateFields(api, 'luna').catch(() => {});
    expect(later).not.toHaveBeenCalled();
    // A table opened with a query asks for what its address says.
    expect(earlyCallPaths('/lunas', 'agent', '?page=2').join()).not.toContain('/api/profile/list');
  });

  it('leaves writes and calls with another token alone', async () => {
    vi.stubGlobal(
      'fetch',
      batchServer(() => ({ status: 200, body: { sub: 'early' } })),
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
