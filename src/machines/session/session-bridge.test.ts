import { describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY } from '../../../contract/session';
import { flush } from '../../../tests/support/deferred-actors';
import { sessionWithDeferredActors } from '../../../tests/support/session';
import { fakeToken } from '../../../tests/support/tokens';
import { ApiError, createApiClient } from '../../api/client';
import { sessionBridge } from './session-bridge';
import { decodeClaims } from './token';

const s = Math.floor(Date.now() / 1000);
const oldToken = fakeToken({ iat: s - 10 }, s - 10);
const newToken = fakeToken({ iat: s }, s);

/** A server that answers 401 "Expired JWT Token" to the old token and 200 to the new one. */
function fakeServer(options: { wrong2fa?: boolean } = {}) {
  const seen: { path: string; token: string | null }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? null;
    seen.push({ path: url.pathname, token });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (options.wrong2fa)
      return json(401, { status: 401, code: 'login.wrong_2FA_code', message: 'Wrong 2FA code' });
    if (token === oldToken)
      return json(401, { status: 401, code: 'jwt.expired', message: 'Expired JWT Token' });
    return json(200, { path: url.pathname });
  };
  return { fetchImpl: fetchImpl as typeof fetch, seen };
}

async function signedInSession() {
  const {
    actor: session,
    fx,
    storage,
  } = sessionWithDeferredActors({ token: oldToken, refreshToken: 'r-old' });
  fx.settle('verifyToken', 'done', decodeClaims(oldToken));
  await flush();
  return { session, fx, storage };
}

// The API client as the app runs it: its token and refreshes come from the session machine through
// the bridge (src/api knows nothing of machines, so the test of the two together lives here).
describe('API client with the session bridge', () => {
  it('refreshes once for five parallel calls that met an expired token, and retries each once', async () => {
    const { session, fx } = await signedInSession();
    const server = fakeServer();
    const api = createApiClient(
      sessionBridge(() => session),
      '',
      server.fetchImpl,
    );
    const calls = [1, 2, 3, 4, 5].map((n) => api.call<{ path: string }>(`/api/item/${n}`));
    await flush();
    await flush();
    expect(fx.calls.filter((c) => c.id === 'refresh')).toEqual([
      { id: 'refresh', input: { refreshToken: 'r-old' } },
    ]);
    // A call made while the refresh is in flight waits for it instead of failing.
    const late = api.call<{ path: string }>('/api/item/6');
    fx.settle('refresh', 'done', { token: newToken, refresh_token: 'r-new' });
    const results = await Promise.all([...calls, late]);
    expect(results.map((r) => r.path)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/api/item/${n}`));
    expect(server.seen.filter((c) => c.token === oldToken)).toHaveLength(5);
    expect(server.seen.filter((c) => c.token === newToken)).toHaveLength(6);
    expect(fx.calls.filter((c) => c.id === 'refresh')).toHaveLength(1);
  });

  it('logs out (ended: expired, so the app goes to /) and fails the calls when the refresh fails', async () => {
    const { session, fx, storage } = await signedInSession();
    const api = createApiClient(
      sessionBridge(() => session),
      '',
      fakeServer().fetchImpl,
    );
    const call = api.call('/api/item/1');
    await flush();
    await flush();
    fx.settle('refresh', 'error', { code: 'refresh.reused' });
    await expect(call).rejects.toMatchObject({ status: 401, message: 'Expired JWT Token' });
    expect(session.getSnapshot().value).toBe('loggedOut');
    expect(session.getSnapshot().context.ended).toBe('expired');
    expect(storage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('passes a wrong 2FA code through untouched, without a refresh', async () => {
    const { session, fx } = await signedInSession();
    const api = createApiClient(
      sessionBridge(() => session),
      '',
      fakeServer({ wrong2fa: true }).fetchImpl,
    );
    const error = await api
      .call('/api/login/2fa', { method: 'POST', body: { code: '000000' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'login.wrong_2FA_code', message: 'Wrong 2FA code' });
    expect(fx.calls.filter((c) => c.id === 'refresh')).toHaveLength(0);
  });

  it('keeps the whole error body, so a 409 hands the current state to its caller', async () => {
    const { session } = await signedInSession();
    const current = { uuid: 'j1', version: 5 };
    const fetchImpl = (async () =>
      new Response(
        JSON.stringify({
          status: 409,
          code: 'job.version_conflict',
          message: 'Changed',
          requestId: 'r',
          current,
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      )) as typeof fetch;
    const api = createApiClient(
      sessionBridge(() => session),
      '',
      fetchImpl,
    );
    const error = await api.call('/api/job/j1', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toMatchObject({ status: 409, code: 'job.version_conflict', body: { current } });
  });

  it('sends no token on anonymous calls (login, refresh)', async () => {
    const { session } = await signedInSession();
    const server = fakeServer();
    const api = createApiClient(
      sessionBridge(() => session),
      '',
      server.fetchImpl,
    );
    await api.anonymous('/api/login', { method: 'POST', body: {} });
    expect(server.seen).toEqual([{ path: '/api/login', token: null }]);
  });
});
