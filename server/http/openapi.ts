import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { toJsonSchema } from '@valibot/to-json-schema';
import { Hono } from 'hono';
import type { GenericSchema } from 'valibot';
import { ErrorBodySchema } from '../../contract/errors';
import { notFound } from '../errors';
import { chooseEncoding } from './compress';
import type { AppEnv } from './env';
import { OPERATIONS, type OperationDoc } from './openapi-operations';
import { bodySchemaOf } from './validate';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** One /api operation the app registers, with the body schema its handler validates with. */
export interface ApiRoute {
  method: string;
  /** The OpenAPI path: `/api/job/{uuid}` for Hono's `/api/job/:uuid`. */
  path: string;
  bodySchema: GenericSchema | undefined;
}

/** Hono's `:name` and `:name{regex}` parameters as OpenAPI's `{name}`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** Every /api operation of the app, from `app.routes` (each middleware of a route is its own entry). */
export function apiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    const path = toOpenApiPath(route.path);
    const key = `${route.method} ${path}`;
    const entry = routes.get(key) ?? { method: route.method, path, bodySchema: undefined };
    entry.bodySchema ??= bodySchemaOf(route.handler);
    routes.set(key, entry);
  }
  return [...routes.values()];
}

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the client sends it. */
export function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
  }) as JsonSchema;
  return rest;
}

/** The reference's sections, in reading order. */
const TAGS = [
  'session',
  'account',
  'legal',
  'profile',
  'catalogue',
  'jobs',
  'agents',
  'system',
  'development',
];

const ERROR_RESPONSE = {
  description: 'An error: `code` is the stable key the client translates (contract/errors.ts)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function parametersOf(path: string, doc: OperationDoc | undefined): unknown[] {
  const parameters: unknown[] = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (doc?.query) {
    const query = jsonSchemaOf(doc.query);
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = (query.required ?? []) as string[];
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  return parameters;
}

function operationOf(route: ApiRoute, doc: OperationDoc | undefined): Operation {
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc?.summary ?? 'Undocumented',
    tags: [doc?.tag ?? 'other'],
  };
  if (doc?.description) operation.description = doc.description;
  const parameters = parametersOf(route.path, doc);
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
  if (doc?.auth) operation.security = [{ [doc.auth === 'pending' ? 'pendingLogin' : 'bearer']: [] }];
  const success = doc?.success ?? { status: 200, media: 'application/json' };
  const content = success.json
    ? { 'application/json': { schema: jsonSchemaOf(success.json, 'output') } }
    : success.media
      ? { [success.media]: {} }
      : undefined;
  operation.responses = {
    [String(success.status)]: {
      description: success.description ?? 'Success',
      ...(content ? { content } : {}),
    },
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
        'The HTTP API of Matchwerk. Request bodies are the valibot schemas of `contract/` the server validates with; errors answer `{ status, code, message, fields?, requestId? }`.',
    },
    // Relative: "try it out" calls the origin the reference was loaded from.
    servers: [{ url: '/' }],
    tags: TAGS.map((name) => ({ name })),
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
