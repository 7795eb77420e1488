import { toJsonSchema } from '@valibot/to-json-schema';
import type { Hono } from 'hono';
import type { GenericSchema } from 'valibot';
import { ROUTES_BY_KEY } from '../../contract/endpoint-list';
import { ErrorBodySchema, ErrorCode } from '../../contract/errors';
import { type ApiRoute as Entry, isIdParam, type Param, TAGS, WHO } from '../../contract/route-table';
import { type AuthScheme, authSchemeOf } from '../auth/middleware';
import type { AppEnv } from './env';
import { bodySchemaOf, type Validation, validationOf } from './validate';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** One /api operation the app registers, with what its middleware validates and asks for. */
export interface MountedRoute {
  method: string;
  /** The OpenAPI path: `/api/job/{uuid}` for Hono's `/api/job/:uuid`. */
  path: string;
  bodySchema: GenericSchema | undefined;
  query: Validation | undefined;
  auth: AuthScheme | undefined;
}

/** Hono's `:name` and `:name{regex}` parameters as OpenAPI's `{name}`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** A path of `app.use` (`/api/agent/*`) as a pattern of the OpenAPI paths it covers. */
function coveredPaths(path: string): RegExp {
  const literal = toOpenApiPath(path).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  // Hono's `/agent/*` covers `/agent` itself too.
  const pattern = literal.endsWith('/*') ? `${literal.slice(0, -2)}(/.*)?` : literal.replaceAll('*', '.*');
  return new RegExp(`^${pattern}$`);
}

/**
 * Every /api operation of the app, from `app.routes`: each middleware of a route is its own entry,
 * and an auth middleware mounted with `app.use(path, …)` (method ALL) covers the paths it matches.
 */
export function apiRoutes(app: Hono<AppEnv>): MountedRoute[] {
  const routes = new Map<string, MountedRoute>();
  const guards: { pattern: RegExp; auth: AuthScheme }[] = [];
  for (const route of app.routes) {
    const auth = authSchemeOf(route.handler);
    if (route.method === 'ALL' && auth) guards.push({ pattern: coveredPaths(route.path), auth });
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    const path = toOpenApiPath(route.path);
    const key = `${route.method} ${path}`;
    const entry = routes.get(key) ?? {
      method: route.method,
      path,
      bodySchema: undefined,
      query: undefined,
      auth: undefined,
    };
    const validation = validationOf(route.handler);
    entry.bodySchema ??= bodySchemaOf(route.handler);
    if (validation?.target === 'query') entry.query ??= validation;
    entry.auth ??= auth;
    routes.set(key, entry);
  }
  for (const entry of routes.values()) {
    entry.auth ??= guards.find((guard) => guard.pattern.test(entry.path))?.auth;
  }
  return [...routes.values()];
}

/** Marks, while converting, a string schema whose text is trimmed before its length is checked. */
const TRIMMED = 'x-matchwerk-trimmed';

/**
 * The rules of trimmed text in the reference's terms, as patterns beside the schema's own (in
 * `allOf`). `minLength: n` counts the text after `v.trim()`, so a text of spaces is too short however
 * long it is: n characters from a non-space to a non-space (`\S` is what trim keeps). A `pattern` is
 * matched against the trimmed text: the reference asks for text without spaces around it.
 */
function trimmedLengths(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) trimmedLengths(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const schema = value as JsonSchema;
  if (schema[TRIMMED]) {
    delete schema[TRIMMED];
    const min = (schema.minLength as number | undefined) ?? 0;
    const patterns = [
      ...(min >= 1 ? [min === 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`] : []),
      ...(schema.pattern ? ['^(?:\\S(?:[\\s\\S]*\\S)?)?$'] : []),
    ];
    if (patterns.length > 0) {
      schema.allOf = [
        ...((schema.allOf as unknown[] | undefined) ?? []),
        ...patterns.map((pattern) => ({ pattern })),
      ];
    }
  }
  for (const child of Object.values(schema)) trimmedLengths(child);
}

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the client sends it. */
export function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction.type === 'trim' && typeMode === 'input' ? { ...jsonSchema, [TRIMMED]: true } : undefined,
  }) as JsonSchema;
  trimmedLengths(rest);
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_RESPONSE = {
  description: 'An error: `code` is the stable key the client translates (contract/errors.ts)',
  content: { 'application/json': { schema: ERROR_REF } },
};

/** What each error status means, before its codes. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'Refused input; `fields` holds the codes per field',
  401: 'No valid token, or refused credentials',
  403: 'Not allowed for this account',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'Request body too large',
  429: 'Too many requests; Retry-After says how many seconds to wait',
};

/** A path parameter's schema: a record's id is a uuid, else the entry's schema, else any text. */
function pathSchemaOf(name: string, entry: Entry | undefined): JsonSchema {
  const param = (entry?.params as Record<string, Param> | undefined)?.[name];
  if (param && isIdParam(param)) return { type: 'string', format: 'uuid' };
  if (param) return jsonSchemaOf(param);
  return { type: 'string', minLength: 1 };
}

/** A role's 403 (contract/route-table.ts WHO) beside the entry's own 403 codes. */
function errorsOf(entry: Entry | undefined): Record<string, readonly string[]> {
  if (!entry) return {};
  const role = !['public', 'pendingLogin', 'signedIn'].includes(entry.who);
  const own = entry.errors ?? {};
  return role ? { ...own, 403: [ErrorCode.forbidden, ...(own[403] ?? [])] } : own;
}

function parametersOf(route: MountedRoute, entry: Entry | undefined): unknown[] {
  const parameters: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: pathSchemaOf(match[1] ?? '', entry),
  }));
  // A query the handler parses itself (the legal text) is the entry's.
  const schema = route.query?.schema ?? entry?.query;
  if (schema) {
    const query = jsonSchemaOf(schema);
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = (query.required ?? []) as string[];
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  return parameters;
}

/**
 * The error answers of an operation and their codes: those its middleware gives (every route's NUL
 * check, a validated body or query, the auth middleware, the body limit) and those its entry in
 * the route table names. A version conflict's 409 is its own schema, with `current`.
 */
function errorResponses(route: MountedRoute, entry: Entry | undefined, hasBody: boolean) {
  const codes = new Map<number, Set<string>>();
  const add = (status: number, list: readonly string[]) => {
    const set = codes.get(status) ?? new Set<string>();
    for (const code of list) set.add(code);
    codes.set(status, set);
  };
  // server/http/validate.ts canonicalInput: a NUL or lone surrogate in any path, query or body.
  add(400, [ErrorCode.validation]);
  // ...and a JSON body nested deeper than 32 levels, refused there too.
  if (route.bodySchema) add(400, [ErrorCode.malformedJson, ErrorCode.tooDeep]);
  if (route.query) add(400, [route.query.code]);
  if (route.auth) add(401, route.auth.codes);
  if (hasBody) add(413, [ErrorCode.payloadTooLarge]);
  for (const [status, list] of Object.entries(errorsOf(entry))) add(Number(status), list);
  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...codes].sort(([a], [b]) => a - b)) {
    const all = [...set];
    const plain = all.filter((code) => !code.endsWith('.version_conflict'));
    const error = { allOf: [ERROR_REF, { properties: { code: { enum: plain } } }] };
    const schemas = [
      ...(status === 409 && entry?.conflict ? [jsonSchemaOf(entry.conflict, 'output')] : []),
      ...(plain.length > 0 ? [error] : []),
    ];
    responses[String(status)] = {
      description: `${ERROR_STATUSES[status] ?? 'Error'}: ${all.map((code) => `\`${code}\``).join(', ')}`,
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } },
    };
  }
  return responses;
}

/** `getApiJobUuid` for `GET /api/job/{uuid}`: unique, and stable while the route stays. */
const operationIdOf = (route: MountedRoute) =>
  `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

function operationOf(route: MountedRoute, entry: Entry | undefined): Operation {
  const operation: Operation = {
    operationId: operationIdOf(route),
    summary: entry?.summary ?? 'Undocumented',
    tags: [entry?.tag ?? 'other'],
  };
  // Who may call opens the description.
  if (entry) operation.description = [WHO[entry.who], entry.description].filter(Boolean).join(' ');
  const parameters = parametersOf(route, entry);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.bodySchema) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(route.bodySchema) } },
    };
  } else if (entry?.rawBody) {
    operation.requestBody = {
      required: true,
      description: entry.rawBody.description,
      content: { [entry.rawBody.media]: {} },
    };
  }
  // An empty list says "public": the document sets no security for all operations.
  operation.security = route.auth ? [{ [route.auth.scheme]: [] }] : [];
  const successes: Record<string, { description: string; content?: Record<string, unknown> }> = {};
  for (const success of [
    entry?.answer ?? { status: 200, media: 'application/json' },
    ...(entry?.alsoAnswers ?? []),
  ]) {
    const content = success.json
      ? { 'application/json': { schema: jsonSchemaOf(success.json, 'output') } }
      : success.media
        ? { [success.media]: {} }
        : undefined;
    const status = String(success.status);
    // A second media type of the same status (JSON or CSV) joins the first one's content.
    const known = successes[status];
    successes[status] = known
      ? { ...known, content: { ...known.content, ...content } }
      : { description: success.description ?? 'Success', ...(content ? { content } : {}) };
  }
  operation.responses = {
    ...successes,
    ...errorResponses(route, entry, operation.requestBody !== undefined),
    default: ERROR_RESPONSE,
  };
  return operation;
}

/** The OpenAPI 3.1 document of every /api operation the app registers. */
export function buildOpenApiDocument(app: Hono<AppEnv>): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const routes = apiRoutes(app).sort((a, b) => a.path.localeCompare(b.path));
  for (const route of routes) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operationOf(route, ROUTES_BY_KEY.get(`${route.method} ${route.path}`));
    paths[route.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Matchwerk API',
      version: '0.1.0',
      description:
        "The HTTP API of Matchwerk. Request bodies and query parameters are the valibot schemas of `contract/` the server validates with; errors answer `{ status, code, message, fields?, requestId? }`, and each operation lists the codes it can answer. No text anywhere (path, query, body, an object key) may hold NUL or half a UTF-16 surrogate pair: 400 `request.invalid` with `field.invalid_text`. Rules a JSON Schema cannot carry (the field catalogue, a password or mailed token the server checks, a limit that follows the clock) are in the operation's description.",
    },
    // Relative: "try it out" calls the origin the reference was loaded from.
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token (login_status ok)',
        },
        pendingLogin: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a login waiting for its SMS code',
        },
      },
    },
  };
}
