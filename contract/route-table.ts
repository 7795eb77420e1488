import type * as v from 'valibot';
import type { KnownErrorCode } from './error-codes';
import type { LegalErrorCode } from './legal';

// The shape of one entry of the API's route table (contract/endpoints/*.ts, docs/decisions/0032): the
// server validates and mounts it (server/http/route-adapter.ts), the reference describes it
// (server/http/openapi.ts), the client calls it (src/api/client.ts `send`).

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A code an error answer can carry: every one is in contract/ (the client translates it). */
export type DocumentedCode = KnownErrorCode | (typeof LegalErrorCode)[keyof typeof LegalErrorCode];

/** The error answers of a route beyond those its declaration already implies (who, body, query, ids). */
export type ErrorDocs = Partial<Record<400 | 401 | 403 | 404 | 409 | 429, readonly DocumentedCode[]>>;

/**
 * Who may call, enforced by the server's adapter before anything is read: `public` needs no token,
 * `pendingLogin` the token of a login waiting for its SMS code, `signedIn` any signed-in account (the
 * domain decides the rest, and the route lists its 403), a role its accounts only (403 otherwise).
 */
export const WHO = {
  public: 'Anyone, without a token.',
  pendingLogin: 'The token of a login waiting for its SMS code.',
  signedIn: 'Any signed-in account.',
  agent: 'Agents only: every other account is 403 `auth.forbidden`.',
  seniorAgent: 'Senior agents only: every other account, plain agents included, is 403 `auth.forbidden`.',
  candidate: 'Candidates only (luna, stella, nova): every other account is 403 `auth.forbidden`.',
  company: "Companies only (a contact's login as its company): every other account is 403 `auth.forbidden`.",
  agentOrCompany:
    'Agents, and companies that finished registering (a company its own requests only): every other account is 403 `auth.forbidden`.',
} as const;
export type Who = keyof typeof WHO;

/** The reference's sections, in reading order, with what each holds. */
export const TAGS = {
  session:
    'Log in (with an SMS code when protected), refresh and end a session; the public keys of the tokens',
  account: 'Registration, e-mail validation, SMS protection, password reset and the account settings',
  legal: 'The legal texts and which versions the user accepted',
  profile: "The caller's own profile or company profile, its photo and card",
  catalogue: 'The fields of profiles, companies and jobs, and the city search',
  jobs: 'Jobs, their matching runs, results and shortlists (agents; a company its own requests)',
  clients: "Clients: a company's contacts (agents; a company its own) and the client search of the job form",
  pipeline:
    "A job's pipeline: candidates moved through the stages, bulk moves, follow-ups (agents); the candidates sent to a company and its answer (companies)",
  agents: 'The agent workspace: candidates, companies, assignments and the dashboard (agents only)',
  system: 'Health and this reference',
  development: 'Helpers of development and test servers (not in production)',
} as const;
export type Tag = keyof typeof TAGS;

/** One success answer: its status and body (a JSON schema, a media type, or none). */
export interface Answer<A extends v.GenericSchema | undefined = v.GenericSchema | undefined> {
  status: 200 | 201 | 202 | 204;
  json?: A;
  media?: string;
  description?: string;
}

/**
 * A path parameter: `ID` names a record by its uuid — a malformed one answers 404 with the route's
 * first 404 code, like an unknown one (one policy for every id) —, `idOf(code)` one whose 404 is
 * another code of the route (a company's contact: `contact.not_found`), a schema anything else.
 */
export const ID = 'id';
/** A record's id whose malformed or unknown value answers 404 `notFound`. */
export interface IdParam {
  readonly notFound: DocumentedCode;
}
export const idOf = (notFound: DocumentedCode): IdParam => ({ notFound });
export type Param = typeof ID | IdParam | v.GenericSchema;

/** The 404 code a path parameter answers when malformed, if it is an id; undefined for any other text. */
export function idNotFound(param: Param, route: { errors?: ErrorDocs }): string | undefined {
  if (param === ID) return route.errors?.[404]?.[0];
  return 'notFound' in param ? param.notFound : undefined;
}

/** Whether a path parameter names a record by its uuid. */
export const isIdParam = (param: Param): param is typeof ID | IdParam => param === ID || 'notFound' in param;

/** The parameter names of a path template: `/api/job/{uuid}/pipeline` has `uuid`. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** One call of the API, declared once. */
export interface ApiRoute<
  P extends string = string,
  Q extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  B extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  A extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  method: Method;
  /** The fixed path of SEED-SPEC §7 or PRODUCT.md, parameters as `{name}`. */
  path: P;
  /** Every parameter of the path: a record's id (`ID`) or the schema of its text. */
  params: Record<ParamNames<P>, Param>;
  query?: Q;
  /** The `code` of a refused query's 400 (`request.invalid` unless named: the agents' lists). */
  queryCode?: string;
  /**
   * The handler reads the query itself (the legal text: a 404 for an unknown text first, exactly one
   * language): `query` is documented, not validated by the adapter, and the handler gets none.
   */
  queryByHandler?: true;
  body?: B;
  /** A body that is not JSON (the photo upload): the handler reads it. */
  rawBody?: { media: string; description: string };
  answer: Answer<A>;
  /** Further answers: another media type of the same status (the results as CSV). */
  alsoAnswers?: readonly Answer[];
  errors?: ErrorDocs;
  /** A 409 that carries more than the error body: the version conflict with `current`. */
  conflict?: v.GenericSchema;
  who: Who;
  summary: string;
  description?: string;
  tag: Tag;
  /** Cache-Control of a cacheable answer; every other /api answer is `no-store`. */
  cache?: string;
  /**
   * The GET routes of the table whose answers this call changes (docs/decisions/0035): after it
   * succeeds (or answers 409: someone changed it first), the client loads the resources read from
   * them again — those whose path parameters the call names with the same values, or not at all. A
   * function, so an entry can name one declared after it or in another table file.
   */
  invalidates?: () => readonly ApiRoute[];
}

/**
 * Declares a route. Every path parameter is declared (an id or a schema); a path with an id
 * parameter names the 404 a malformed or unknown id answers.
 */
export function route<
  const P extends string,
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
  A extends v.GenericSchema | undefined = undefined,
>(
  declared: Omit<ApiRoute<P, Q, B, A>, 'params'> & { params?: Record<ParamNames<P>, Param> },
): ApiRoute<P, Q, B, A> {
  const params = (declared.params ?? {}) as Record<string, Param>;
  const where = `${declared.method} ${declared.path}`;
  if (declared.invalidates && declared.method === 'GET') throw new Error(`${where}: a read changes nothing`);
  for (const name of paramNamesOf(declared.path)) {
    if (!params[name]) throw new Error(`${where}: {${name}} is not declared`);
  }
  for (const param of Object.values(params)) {
    const notFound = idNotFound(param, declared);
    if (isIdParam(param) && !(notFound && declared.errors?.[404]?.includes(notFound as DocumentedCode))) {
      throw new Error(`${where}: an id parameter needs its 404 code among the route's 404s`);
    }
  }
  return { ...declared, params } as ApiRoute<P, Q, B, A>;
}

/** The path of a call with its parameters filled in, each encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The names of a path's parameters, in order. */
export const paramNamesOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/**
 * A query as a caller gives it: each value as the schema reads it from the URL, a text value also as
 * a number (a page, a limit) and a `true`/`false` one as a boolean, sent as its text.
 */
export type QueryInput<T> = {
  [K in keyof T]:
    | T[K]
    | (string extends Exclude<T[K], undefined> ? number : never)
    | ('true' extends Exclude<T[K], undefined> ? boolean : never);
};

/** What a call sends: the path's parameters, the query and the body, as the route types them. */
export type CallInput<R> =
  R extends ApiRoute<infer P, infer Q, infer B, infer _A>
    ? ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<P>, string> }) &
        (Q extends v.GenericSchema ? { query: QueryInput<v.InferInput<Q>> } : { query?: undefined }) &
        (B extends v.GenericSchema ? { body: v.InferInput<B> } : { body?: undefined })
    : never;

/** What a call answers: the answer schema's output, nothing for a 204 or a media answer. */
export type CallAnswer<R> =
  R extends ApiRoute<string, infer _Q, infer _B, infer A>
    ? A extends v.GenericSchema
      ? v.InferOutput<A>
      : undefined
    : never;
