// The signed-in page's first calls, started by the boot script (src/boot.ts) as soon as the HTML has
// run it — in parallel, before the app's JavaScript has loaded — instead of one after the other as the
// app would reach them (app chunk → session → protected preload → route chunk → route data; issue 22).
// The API client (./client.ts) takes an early answer for the same GET with the same token once; an
// answer that is not a 2xx is dropped and the client asks again, so errors (an expired token's
// refresh, a 403) take the ordinary way. Without stored credentials nothing starts.
//
// This module is imported by the boot script: it must stay tiny and import nothing heavy (no
// valibot, no ofetch).

import { earlyPath, EARLY_PATHS as P } from '../../contract/early-paths';
import { localDay } from '../../contract/local-day';
import { type ChunkAudience, chunkAudienceOf } from '../../contract/page-meta';
import { isAgentType, isCandidateType } from '../../contract/user-type-names';

/** The calls started for one token, by path with its query, each taken at most once. */
interface EarlyCalls {
  token: string;
  calls: Map<string, Promise<EarlyAnswer>>;
  /** When they started (ms since the epoch): an answer not taken by the first page goes stale. */
  startedAt: number;
}

/** One path's answer out of a batch: its status and, as the batch carried it, its parsed body. */
export interface EarlyAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * How long an early answer may be taken: the first page's load. A call the first page never made
 * (the visitor went elsewhere) is asked afresh later, never answered from the boot's.
 */
export const EARLY_CALLS_FRESH_MS = 15_000;
/** The API client's own timeout: a hanging server fails the early call like the client's. */
const EARLY_CALL_TIMEOUT_MS = 30_000;

const GLOBAL_KEY = '__matchwerkEarlyCalls';
type Holder = { [GLOBAL_KEY]?: EarlyCalls };

/** The claims the boot script reads from the stored token, unverified (the app verifies them). */
function claimsOf(token: string): { user_type?: string; login_status?: string } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
}

/**
 * The stored token and its claims when they sign in (not a pending SMS code, not an unreadable
 * token: those are the session machine's to handle); null otherwise.
 */
function signedInToken(
  storedCredentials: string | null,
): { token: string; claims: { user_type: string } } | null {
  if (!storedCredentials) return null;
  let token: unknown;
  try {
    token = (JSON.parse(storedCredentials) as { token?: unknown }).token;
  } catch {
    return null;
  }
  if (typeof token !== 'string' || !token) return null;
  const claims = claimsOf(token);
  if (typeof claims?.user_type !== 'string' || claims.login_status !== 'ok') return null;
  return { token, claims: { user_type: claims.user_type } };
}

/** Whose route chunks a signed-in visit preloads (contract/page-meta.ts); null when not signed in. */
export function storedAudience(storedCredentials: string | null): ChunkAudience | null {
  const signedIn = signedInToken(storedCredentials);
  return signedIn ? chunkAudienceOf(signedIn.claims.user_type) : null;
}

/**
 * The GET calls a signed-in visit makes before it shows anything, for the token's user type: the
 * session (src/machines/shell/signed-in-preload.ts), the field catalogues (profile-actors'
 * fieldCatalogues), the own profile (candidates and companies), and an agent's own record (the
 * shell's header on every page).
 */
export function sessionCallPaths(userType: string): string[] {
  const agent = isAgentType(userType);
  const paths: string[] = [P.session, P.profileFields, P.jobFields];
  if (agent || userType === 'company') paths.push(P.companyFields);
  if (isCandidateType(userType)) paths.push(P.ownProfile);
  if (userType === 'company') paths.push(P.ownCompany);
  // Whether new terms await acceptance (src/machines/legal/consents.machine.ts): agents are never asked.
  if (!agent) paths.push(P.consents);
  if (agent) paths.push(P.ownAgent);
  return paths;
}

/**
 * The data of the page at `pathname` as it opens without a query, for the pages an agent opens first
 * (the dashboard, the candidate tables, a job's results) and a company's dashboard; none for other
 * pages and users.
 */
export function pageCallPaths(pathname: string, userType: string, search = ''): string[] {
  // A company's dashboard: the jobs with candidates sent to it and its active requests' first page
  // (the order of the job list's query, src/machines/jobs/job-provider.ts jobsTable).
  if (userType === 'company' && pathname === '/dashboard')
    return [P.clientJobs, earlyPath(P.jobs, {}, { status: 'active', sort: 'updated', page: 1, limit: 20 })];
  if (!isAgentType(userType)) return [];
  if (pathname === '/dashboard') {
    const today = localDay();
    return [P.dashboard, earlyPath(P.followUps, {}, { today }), earlyPath(P.attention, {}, { today })];
  }
  if (search) return [];
  // A candidate table as it opens without a query: its first page (the order of the client's query,
  // src/api/candidates.ts listCandidates) and the type's fields.
  const table = /^\/(stella|luna|nova)s$/.exec(pathname)?.[1];
  if (table)
    return [
      earlyPath(P.candidates, {}, { assigned: 'any', sort: 'updated', page: 1, type: table, limit: 20 }),
      earlyPath(P.profileFields, {}, { type: table }),
    ];
  const job = /^\/matchingJobResult\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
  // A job's results as they open without a query: the first page by score, the near misses, the
  // pipeline board, the timeline's first page, the job and its run.
  if (job)
    return [
      earlyPath(P.results, { id: job }, { sort: 'score', page: 1, limit: 20 }),
      earlyPath(P.nearMisses, { uuid: job }),
      earlyPath(P.board, { uuid: job }),
      earlyPath(P.jobTimeline, { uuid: job }, { subject: 'job', uuid: job, page: 1, limit: 20 }),
      earlyPath(P.job, { uuid: job }),
      earlyPath(P.run, { uuid: job }),
    ];
  return [];
}

/** Every early call of a signed-in visit to `pathname`: the session's, then the page's. */
export function earlyCallPaths(pathname: string, userType: string, search = ''): string[] {
  return [...sessionCallPaths(userType), ...pageCallPaths(pathname, userType, search)];
}

/** The batch the early calls travel in (contract/batch.ts). */
const BATCH_PATH = '/api/batch';

/**
 * Starts the page's first calls with the stored token (the boot script, before the app loads) as two
 * requests (POST /api/batch, contract/batch.ts): the key set and the session's calls, then the page's
 * data — starting a request costs a phone's main thread 5–10 ms while traced, and a page's first
 * calls were 5–12. `runSteps` runs the two steps (the boot script: each in a task of its own); by
 * default both at once. Each path is handed out on its own (takeEarlyCall), as if asked alone.
 */
export function startEarlyCalls(
  storedCredentials: string | null,
  pathname: string,
  search = '',
  runSteps: (steps: (() => void)[]) => unknown = (steps) => {
    for (const step of steps) step();
  },
): void {
  if (pathname === '/') return;
  const signedIn = signedInToken(storedCredentials);
  if (!signedIn) return;
  const { token, claims } = signedIn;
  const calls = new Map<string, Promise<EarlyAnswer>>();
  (globalThis as Holder)[GLOBAL_KEY] = { token, calls, startedAt: Date.now() };
  const batches = [
    // The session's own check of the token needs the server's public keys (src/api/keys.ts).
    [P.keys, ...sessionCallPaths(claims.user_type)],
    pageCallPaths(pathname, claims.user_type, search),
  ].filter((paths) => paths.length > 0);
  runSteps(
    batches.map((paths) => () => {
      // Dropped meanwhile (the session changed): the rest is not asked for.
      if ((globalThis as Holder)[GLOBAL_KEY]?.calls !== calls) return;
      startBatch(paths, token, calls);
    }),
  );
}

/**
 * One batch of early calls; each path's answer is handed out as the batch parsed it (not written out
 * again and read a second time: for a candidate the batch is mostly the large field catalogues).
 */
function startBatch(paths: string[], token: string, calls: Map<string, Promise<EarlyAnswer>>): void {
  const batch = fetch(BATCH_PATH, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ paths }),
    signal: AbortSignal.timeout(EARLY_CALL_TIMEOUT_MS),
  }).then(async (answer) => (answer.ok ? ((await answer.json()) as BatchAnswers) : null));
  paths.forEach((path, i) => {
    const call = batch.then((answers): EarlyAnswer => {
      const one = answers?.answers?.[i];
      // Not answered (the batch failed, or not as JSON): the client asks itself.
      if (!one || one.path !== path || !('body' in one || one.status === 204))
        throw new Error(`no early answer for ${path}`);
      return { status: one.status, ok: one.status >= 200 && one.status < 300, body: one.body };
    });
    // Not taken, or failed: the client asks itself; an unhandled rejection would only be noise.
    call.catch(() => {});
    calls.set(path, call);
  });
}

/** What POST /api/batch answers (contract/batch.ts BatchAnswerSchema), read without valibot here. */
interface BatchAnswers {
  answers?: { path: string; status: number; body?: unknown }[];
}

/** The early calls while the first page may still take them; dropped once stale. */
function fresh(): EarlyCalls | undefined {
  const early = (globalThis as Holder)[GLOBAL_KEY];
  if (early && Date.now() - early.startedAt > EARLY_CALLS_FRESH_MS) {
    dropEarlyCalls();
    return undefined;
  }
  return early;
}

/** The early answer for a GET of `path` (with its query) made with `token`, once; undefined if none. */
export function takeEarlyCall(path: string, token: string | null): Promise<EarlyAnswer> | undefined {
  const early = fresh();
  if (!early || !token || early.token !== token) return undefined;
  const call = early.calls.get(path);
  early.calls.delete(path);
  return call;
}

/** The server's public keys (GET /api/public/jwk, no token), started with the signed-in page's calls. */
export const JWK_PATH = P.keys;

/** The early answer of the public key set, once, as the Response jose reads; undefined if none was started. */
export function takeEarlyKeys(): Promise<Response> | undefined {
  const early = fresh();
  const call = early?.calls.get(JWK_PATH);
  early?.calls.delete(JWK_PATH);
  return call?.then(
    (answer) =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

/** Drops the calls not taken (tests; and a session that changed before they were used). */
export function dropEarlyCalls(): void {
  delete (globalThis as Holder)[GLOBAL_KEY];
}
