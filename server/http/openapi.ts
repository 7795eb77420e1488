import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { toJsonSchema } from '@valibot/to-json-schema';
import { Hono } from 'hono';
import type { GenericSchema } from 'valibot';
import { ErrorBodySchema, ErrorCode } from '../../contract/errors';
import { type AuthScheme, authSchemeOf } from '../auth/middleware';
import { notFound } from '../errors';
import { chooseEncoding } from './compress';
import type { AppEnv } from './env';
import { OPERATIONS } from './openapi-operations';
import { type OperationDoc, TAGS } from './operation-doc';
import { bodySchemaOf, type Validation, validationOf } from './validate';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** One /api operation the app registers, with what its middleware validates and asks for. */
export interface ApiRoute {
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
export function apiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
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

/**
 * The path parameters that name a record by its uuid: every handler refuses anything else, with
 * 400 `uuid.invalid` or the 404 of the record (server/agents/access.ts checkUuid, server/jobs/jobs.ts
 * isUuid), so the reference says `format: uuid` rather than any string.
 */
export const PATH_UUIDS = new Set(['uuid', 'id', 'job', 'profile', 'entry', 'contact']);

/** A path parameter's schema: a uuid by its name, else what the operation's doc says, else any text. */
function pathSchemaOf(name: string, doc: OperationDoc | undefined): JsonSchema {
  const own = doc?.path?.[name];
  if (own) return jsonSchemaOf(own);
  if (PATH_UUIDS.has(name)) return { type: 'string', format: 'uuid' };
  return { type: 'string', minLength: 1 };
}

function parametersOf(route: ApiRoute, doc: OperationDoc | undefined): unknown[] {
  const parameters: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: pathSchemaOf(match[1] ?? '', doc),
  }));
  const schema = route.query?.schema ?? doc?.query;
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
 * OPERATIONS names. A version conflict's 409 is its own schema, with `current`.
 */
function errorResponses(route: ApiRoute, doc: OperationDoc | undefined, hasBody: boolean) {
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
  for (const [status, list] of Object.entries(doc?.errors ?? {})) add(Number(status), list);
  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...codes].sort(([a], [b]) => a - b)) {
    const all = [...set];
    const plain = all.filter((code) => !code.endsWith('.version_conflict'));
    const error = { allOf: [ERROR_REF, { properties: { code: { enum: plain } } }] };
    const schemas = [
      ...(status === 409 && doc?.conflict ? [jsonSchemaOf(doc.conflict, 'output')] : []),
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
const operationIdOf = (route: ApiRoute) =>
  `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

function operationOf(route: ApiRoute, doc: OperationDoc | undefined): Operation {
  const operation: Operation = {
    operationId: operationIdOf(route),
    summary: doc?.summary ?? 'Undocumented',
    tags: [doc?.tag ?? 'other'],
  };
  if (doc?.description) operation.description = doc.description;
  const parameters = parametersOf(route, doc);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.bodySchema) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(route.bodySchema) } },
    };
  } else if (doc?.rawBody) {
    operation.requestBody = {
      required: true,
      description: doc.rawBody.description,
      content: { [doc.rawBody.media]: {} },
    };
  }
  // An empty list says "public": the document sets no security for all operations.
  operation.security = route.auth ? [{ [route.auth.scheme]: [] }] : [];
  const successes: Record<string, { description: string; content?: Record<string, unknown> }> = {};
  for (const success of [
    doc?.success ?? { status: 200, media: 'application/json' },
    ...(doc?.alsoSuccess ?? []),
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
    ...errorResponses(route, doc, operation.requestBody !== undefined),
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
    item[route.method.toLowerCase()] = operationOf(route, OPERATIONS[`${route.method} ${route.path}`]);
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

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Our own start script: the page may load no inline script under the CSP. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Matchwerk API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-init.js"></script>
</body>
</html>
`;

const DOCS_FILES: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => readFileSync(join(swaggerDir, 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFileSync(join(swaggerDir, 'swagger-ui-bundle.js')),
  },
  'swagger-init.js': { type: 'text/javascript; charset=utf-8', read: () => Buffer.from(INIT_SCRIPT) },
  'favicon-32x32.png': { type: 'image/png', read: () => readFileSync(join(swaggerDir, 'favicon-32x32.png')) },
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A file's plain, brotli and gzip bytes, made once on first use (the bundle is 1.4 MB plain). */
function cachedVariants(read: () => Buffer, compressible: boolean) {
  let variants: Promise<{ plain: Buffer; br?: Buffer; gzip?: Buffer }> | undefined;
  return () => {
    variants ??= (async () => {
      const plain = read();
      if (!compressible) return { plain };
      const [br, gz] = await Promise.all([
        brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipAsync(plain, { level: 9 }),
      ]);
      return { plain, br, gzip: gz };
    })();
    return variants;
  };
}

/**
 * The contract of the API: `GET /api/openapi.json`, generated from the app's own routes on first
 * use, and the Swagger UI at `GET /api/docs`, served from our origin with its init script as a
 * file (works offline and under a CSP without inline script).
 */
export function openApiRoutes(app: Hono<AppEnv>) {
  let document: string | undefined;
  // A Map: a name such as "constructor" or "__proto__" is no file.
  const files = new Map(
    Object.entries(DOCS_FILES).map(([name, file]) => [
      name,
      { type: file.type, variants: cachedVariants(file.read, !file.type.startsWith('image/')) },
    ]),
  );
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= JSON.stringify(buildOpenApiDocument(app));
      c.header('Cache-Control', 'no-cache');
      return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .get('/docs', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(DOCS_PAGE);
    })
    .get('/docs/:file', async (c) => {
      const file = files.get(c.req.param('file'));
      if (!file) throw notFound();
      const variants = await file.variants();
      const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
      const bytes = (encoding && variants[encoding]) || variants.plain;
      c.header('Content-Type', file.type);
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('Vary', 'Accept-Encoding');
      if (bytes !== variants.plain && encoding) c.header('Content-Encoding', encoding);
      return c.body(new Uint8Array(bytes));
    });
}
