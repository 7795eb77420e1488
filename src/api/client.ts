import { FetchError, type FetchOptions, ofetch } from 'ofetch';
import * as v from 'valibot';
import { ErrorBodySchema } from '../../contract/errors';
import { type ApiRoute, type CallAnswer, type CallInput, pathOf } from '../../contract/route-table';
import { announceChange } from './changes';
import { takeEarlyCall } from './early-calls';

/** What the HTTP client needs of the session (implemented by the session actor in src/machines). */
export interface SessionBridge {
  /** The current access token, if any. */
  token(): string | null;
  /** Resolves once no refresh is in flight (immediately when none is). */
  settled(): Promise<void>;
  /**
   * Refreshes the tokens unless that already happened since `staleToken` was used; resolves with the
   * token to retry with, rejects when the session could not be refreshed (it is then logged out).
   */
  refresh(staleToken: string): Promise<string>;
}

/** A failed call: the server's error body when there is one (code, message, fields). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly retryAfterSeconds: number | null = null,
    /** The whole error body, for answers that carry more than the standard fields (e.g. a 409's current state). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

const EXPIRED_MESSAGE = 'Expired JWT Token';

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const body = v.safeParse(ErrorBodySchema, error.data);
    const retryAfter = Number(error.response?.headers.get('retry-after'));
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
    if (body.success) {
      return new ApiError(
        body.output.status,
        body.output.code,
        body.output.message,
        body.output.fields ?? {},
        wait,
        // A 409 carries the current state beside the standard fields: the caller reads it from here.
        error.data,
      );
    }
    if (error.response) return new ApiError(error.response.status, 'http.error', error.message, {}, wait);
    return new ApiError(0, 'network.unreachable', error.message);
  }
  return new ApiError(0, 'network.unreachable', (error as Error)?.message ?? 'Request failed');
}

/** A list's query as URL parameters: values as strings, the unset ones (undefined, null, '') left out. */
export function queryParams(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/**
 * A call of the route table (contract/endpoints/, docs/decisions/0032): the path built from
 * `params`, the token unless the route is public, the answer parsed with the route's answer schema.
 */
export async function send<R extends ApiRoute>(
  api: ApiClient,
  route: R,
  ...[input]: SendArgs<R>
): Promise<CallAnswer<R>> {
  const { params, query, body, signal, token } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: Record<string, unknown>;
  } & SendOptions;
  const options: FetchOptions<'json'> = { method: route.method };
  // A list's unset filters (undefined, null, '') are left out of the URL.
  if (query !== undefined) options.query = queryParams(query);
  if (body !== undefined) options.body = body;
  if (signal) options.signal = signal;
  // A token of the call's own (the pending login's) goes as is: no session token, no refresh.
  if (token) options.headers = { authorization: `Bearer ${token}` };
  const path = pathOf(route.path, params);
  let answer: unknown;
  try {
    answer = await (route.who === 'public' || token ? api.anonymous(path, options) : api.call(path, options));
  } catch (error) {
    // A 409 says someone changed it first: what the screens show is stale as after a success.
    if (error instanceof ApiError && error.status === 409)
      announceChange(api, route, { params, query, body });
    throw error;
  }
  const parsed = route.answer.json ? v.parse(route.answer.json, answer) : undefined;
  // What the change invalidates is declared on its route (docs/decisions/0035).
  announceChange(api, route, { params, query, body });
  return parsed as CallAnswer<R>;
}

/**
 * A media answer of the route table (a PDF card, the results as CSV) as a Blob: the path built from
 * `params`, the query's set values appended, with the token and the refresh-and-retry rule.
 */
export function download<R extends ApiRoute>(api: ApiClient, route: R, input: CallInput<R>): Promise<Blob> {
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
  const search = query ? new URLSearchParams(queryParams(query)).toString() : '';
  const path = pathOf(route.path, params);
  return api.blob(search ? `${path}?${search}` : path);
}

/** How a call goes beyond its input: a signal that aborts it, a token of its own. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** The pending login's token (`who: 'pendingLogin'`), sent instead of the session's. */
  token?: string | undefined;
}

/** A call's input, optional when the route takes none. */
export type SendArgs<R> =
  Record<never, never> extends CallInput<R>
    ? [input?: CallInput<R> & SendOptions]
    : [input: CallInput<R> & SendOptions];

export interface ApiClient {
  /** A call with the bearer token (SEED-SPEC §7: every call but login and refresh). */
  call<T>(path: string, options?: FetchOptions<'json'>): Promise<T>;
  /** A call without a token (login, refresh, public calls). */
  anonymous<T>(path: string, options?: FetchOptions<'json'>): Promise<T>;
  /** A binary answer (photos, PDF cards), with the token (SEED-SPEC §7: the photo is fetched as a blob). */
  blob(path: string): Promise<Blob>;
  /** A multipart upload with progress (0–1), with the token and the same refresh-and-retry rule. */
  upload<T>(path: string, form: FormData, onProgress?: (share: number) => void): Promise<T>;
  /** A streamed answer (Server-Sent Events), with the token; the signal ends it. */
  stream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

/**
 * One ofetch instance for the whole app (SEED-SPEC §4, PRODUCT.md §7). On 401 "Expired JWT Token"
 * it asks the session for a refresh (one at a time however many calls failed) and retries the call
 * once; calls made while a refresh is in flight wait for it. Every other error reaches the caller
 * as an ApiError — `login.wrong_2FA_code` included, untouched.
 */
export function createApiClient(session: SessionBridge, baseURL = '', fetchImpl?: typeof fetch): ApiClient {
  const http = ofetch.create(
    { baseURL, retry: 0, timeout: 30_000 },
    fetchImpl ? { fetch: fetchImpl } : undefined,
  );

  async function send<T>(path: string, options: FetchOptions<'json'>, token: string | null): Promise<T> {
    // The boot script may have started this GET already (./early-calls.ts): a 2xx answer is taken as
    // is, anything else is asked again so that errors take the ordinary way.
    const early =
      isPlainGet(options) && !baseURL ? takeEarlyCall(withQuery(path, options), token) : undefined;
    if (early) {
      const answer = await early.catch(() => null);
      if (answer?.ok) return (answer.status === 204 ? undefined : answer.body) as T;
    }
    const headers = new Headers(options.headers as HeadersInit | undefined);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return http<T>(path, { ...options, headers });
  }

  /** Runs a request with the token; on "Expired JWT Token" refreshes once (shared) and retries once. */
  async function withToken<T>(attempt: (token: string | null) => Promise<T>): Promise<T> {
    await session.settled();
    const token = session.token();
    try {
      return await attempt(token);
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status !== 401 || failure.message !== EXPIRED_MESSAGE || !token) throw failure;
      let fresh: string;
      try {
        fresh = await session.refresh(token);
      } catch {
        throw failure;
      }
      try {
        return await attempt(fresh);
      } catch (retryError) {
        throw toApiError(retryError);
      }
    }
  }

  function call<T>(path: string, options: FetchOptions<'json'> = {}) {
    return withToken((token) => send<T>(path, options, token));
  }

  async function anonymous<T>(path: string, options: FetchOptions<'json'> = {}) {
    try {
      return await send<T>(path, options, null);
    } catch (error) {
      throw toApiError(error);
    }
  }

  return {
    blob(path: string) {
      return withToken((token) => {
        const headers = new Headers();
        if (token) headers.set('authorization', `Bearer ${token}`);
        return http(path, { headers, responseType: 'blob' });
      });
    },
    stream(path: string, signal: AbortSignal) {
      return withToken((token) => {
        const headers = new Headers({ accept: 'text/event-stream' });
        if (token) headers.set('authorization', `Bearer ${token}`);
        // No timeout: a stream lives as long as what it reports (the signal ends it).
        return http(path, { headers, signal, timeout: 0, responseType: 'stream' });
      });
    },
    upload<T>(path: string, form: FormData, onProgress?: (share: number) => void) {
      return withToken((token) => xhrUpload<T>(`${baseURL}${path}`, form, token, onProgress));
    },
    call,
    anonymous,
  };
}

/** A GET without a body or headers of its own: the only calls the boot script starts early. */
function isPlainGet(options: FetchOptions<'json'>): boolean {
  return (options.method ?? 'GET').toUpperCase() === 'GET' && options.body === undefined && !options.headers;
}

/** The path with its query as ofetch would send it. */
function withQuery(path: string, options: FetchOptions<'json'>): string {
  const query = options.query ?? options.params;
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** XMLHttpRequest, because fetch reports no upload progress; failures become ApiErrors. */
function xhrUpload<T>(
  url: string,
  form: FormData,
  token: string | null,
  onProgress?: (share: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network.unreachable', 'Upload failed'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const parsed = v.safeParse(ErrorBodySchema, body);
      reject(
        parsed.success
          ? new ApiError(
              parsed.output.status,
              parsed.output.code,
              parsed.output.message,
              parsed.output.fields ?? {},
              null,
              body,
            )
          : new ApiError(xhr.status, 'http.error', `Upload answered ${xhr.status}`),
      );
    };
    xhr.send(form);
  });
}
