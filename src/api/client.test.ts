import type { FetchOptions } from 'ofetch';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ID, route } from '../../contract/route-table';
import { type ApiClient, download, queryParams, send } from './client';

describe('queryParams', () => {
  it('sends a list query as strings and leaves the unset filters out, but not 0 or false', () => {
    expect(
      queryParams({ q: '', status: undefined, agent: null, page: 0, shortlisted: false, sort: 'name' }),
    ).toEqual({
      page: '0',
      shortlisted: 'false',
      sort: 'name',
    });
  });
});

describe('send', () => {
  const member = route({
    method: 'POST',
    path: '/api/agent/team/{uuid}/reactivate',
    params: { uuid: ID },
    body: v.object({ note: v.string() }),
    answer: { status: 200, json: v.object({ uuid: v.string() }) },
    errors: { 404: ['agent.not_found'] },
    who: 'seniorAgent',
    tag: 'agents',
    summary: 'test',
  });
  const keys = route({
    method: 'GET',
    path: '/api/public/jwk',
    answer: { status: 200, json: v.object({ keys: v.array(v.unknown()) }) },
    who: 'public',
    tag: 'session',
    summary: 'test',
  });

  function recording(answer: unknown) {
    const calls: { kind: string; path: string; options: FetchOptions<'json'> | undefined }[] = [];
    const api = {
      call: async (path: string, options?: FetchOptions<'json'>) => {
        calls.push({ kind: 'call', path, options });
        return answer;
      },
      anonymous: async (path: string, options?: FetchOptions<'json'>) => {
        calls.push({ kind: 'anonymous', path, options });
        return answer;
      },
    } as unknown as ApiClient;
    return { api, calls };
  }

  it("builds the path, sends method and body with the token, and parses the answer with the route's schema", async () => {
    const { api, calls } = recording({ uuid: 'x', extra: 1 });
    expect(await send(api, member, { params: { uuid: 'a b' }, body: { note: 'n' } })).toEqual({ uuid: 'x' });
    expect(calls).toEqual([
      {
        kind: 'call',
        path: '/api/agent/team/a%20b/reactivate',
        options: { method: 'POST', body: { note: 'n' } },
      },
    ]);
  });

  it('calls a public route without the token, and refuses an answer unlike its schema', async () => {
    const { api, calls } = recording({ keys: [] });
    expect(await send(api, keys)).toEqual({ keys: [] });
    expect(calls[0]).toMatchObject({ kind: 'anonymous', path: '/api/public/jwk' });
    await expect(send(recording({ nope: 1 }).api, keys)).rejects.toThrow();
  });

  it("sends a pending login's own token instead of the session's (no refresh), and passes the signal on", async () => {
    const pending = route({
      method: 'POST',
      path: '/api/login/2fa/resend',
      answer: { status: 204 },
      who: 'pendingLogin',
      tag: 'session',
      summary: 'test',
    });
    const { api, calls } = recording(undefined);
    const signal = new AbortController().signal;
    expect(await send(api, pending, { token: 'pending-token', signal })).toBeUndefined();
    expect(calls[0]).toEqual({
      kind: 'anonymous',
      path: '/api/login/2fa/resend',
      options: { method: 'POST', signal, headers: { authorization: 'Bearer pending-token' } },
    });
    const other = recording({ uuid: 'u' });
    await send(other.api, member, { params: { uuid: 'u' }, body: { note: 'n' }, signal });
    expect(other.calls[0]).toMatchObject({ kind: 'call', options: { method: 'POST', signal } });
  });
});

describe('a list query and a media answer of the table', () => {
  const list = route({
    method: 'GET',
    path: '/api/job/showresults/{id}',
    params: { id: ID },
    query: v.object({
      page: v.optional(v.string()),
      sort: v.optional(v.string()),
      q: v.optional(v.string()),
      shortlisted: v.optional(v.picklist(['true', 'false'])),
    }),
    answer: { status: 200, json: v.object({ total: v.number() }) },
    alsoAnswers: [{ status: 200, media: 'text/csv' }],
    errors: { 404: ['job.not_found'] },
    who: 'agent',
    tag: 'jobs',
    summary: 'test',
  });

  it('sends the set values of a query as text and leaves the unset ones out', async () => {
    const calls: (FetchOptions<'json'> | undefined)[] = [];
    const api = {
      call: async (_path: string, options?: FetchOptions<'json'>) => {
        calls.push(options);
        return { total: 1 };
      },
    } as unknown as ApiClient;
    const query = { page: 2, sort: undefined, q: '', shortlisted: true };
    expect(await send(api, list, { params: { id: 'j' }, query })).toEqual({ total: 1 });
    expect(calls[0]?.query).toEqual({ page: '2', shortlisted: 'true' });
  });

  it('fetches a media answer as a blob at the path with its query', async () => {
    const paths: string[] = [];
    const blob = new Blob(['a;b']);
    const api = {
      blob: async (path: string) => {
        paths.push(path);
        return blob;
      },
    } as unknown as ApiClient;
    const query = { page: undefined, sort: 'name', q: 'a b' };
    expect(await download(api, list, { params: { id: 'j 1' }, query })).toBe(blob);
    expect(await download(api, list, { params: { id: 'j' }, query: {} })).toBe(blob);
    expect(paths).toEqual(['/api/job/showresults/j%201?sort=name&q=a+b', '/api/job/showresults/j']);
  });
});
