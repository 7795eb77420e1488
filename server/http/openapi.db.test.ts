import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { RegistrationRequestSchema } from '../../contract/account';
import { API_ROUTES, ROUTES_BY_KEY } from '../../contract/endpoint-list';
import { ErrorCode } from '../../contract/errors';
import { JobListQuerySchema } from '../../contract/job';
import { AcceptRequestSchema } from '../../contract/legal';
import { type ApiRoute, ID, isIdParam, type Param, pathOf, route } from '../../contract/route-table';
import { LoginRequestSchema } from '../../contract/session';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import type { AppEnv } from './env';
import { jsonSchemaOf } from './openapi';
import { openApiRoutes } from './openapi.routes';
import { tableEntriesOf } from './route-adapter';
import { createTestApp } from './test-app';
import { jsonBody } from './validate';

type Parameter = { name: string; in: string; required: boolean; schema: unknown };
type Doc = {
  openapi: string;
  tags: { name: string; description?: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema?: unknown }> };
        parameters?: Parameter[];
        security?: unknown[];
        responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
        summary: string;
        tags: string[];
      }
    >
  >;
};

/**
 * What the reference gets wrong about the route table: an entry missing from the document, an
 * operation without an entry, or a request body or query documented differently from the schema
 * the adapter validates the entry's requests with (server/http/route-adapter.ts). Written apart
 * from the generator (server/http/openapi.ts).
 */
function documentationGaps(doc: Doc, routes: readonly ApiRoute[] = API_ROUTES): string[] {
  const gaps: string[] = [];
  for (const entry of routes) {
    const key = `${entry.method} ${entry.path}`;
    const operation = doc.paths[entry.path]?.[entry.method.toLowerCase()];
    if (!operation) {
      gaps.push(`${key}: missing from the document`);
      continue;
    }
    const documented = operation.requestBody?.content['application/json']?.schema;
    if (entry.body && documented === undefined) gaps.push(`${key}: request body undocumented`);
    else if (entry.body && JSON.stringify(documented) !== JSON.stringify(jsonSchemaOf(entry.body))) {
      gaps.push(`${key}: documented request body differs from the validated one`);
    } else if (!entry.body && documented !== undefined) {
      gaps.push(`${key}: documents a JSON body it does not validate`);
    }
    const query = operation.parameters?.filter((p) => p.in === 'query') ?? [];
    const validated = entry.query
      ? (jsonSchemaOf(entry.query) as { properties: Record<string, unknown>; required?: string[] })
      : { properties: {} };
    const expected = Object.entries(validated.properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: (validated.required ?? []).includes(name),
      schema,
    }));
    if (JSON.stringify(query) !== JSON.stringify(expected)) {
      gaps.push(`${key}: documented query differs from the validated one`);
    }
  }
  const keys = new Set(routes.map((entry) => `${entry.method} ${entry.path}`));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!keys.has(key)) gaps.push(`${key}: documented without an entry`);
    }
  }
  return gaps;
}

/**
 * The /api routes the app answers beside the table: a route without an entry, a handler that the
 * route adapter did not mount for the entry of its method and path (a route added by hand next to
 * an entry), a route for every method. Read from `app.routes` itself.
 */
function unlistedRoutes(app: Hono<AppEnv>): string[] {
  const gaps = new Set<string>();
  for (const mounted of app.routes) {
    // Middleware of every /api path (`app.use('/api/*', …)`), and the pages outside /api.
    if (!mounted.path.startsWith('/api/') || (mounted.method === 'ALL' && mounted.path.endsWith('*')))
      continue;
    const key = `${mounted.method} ${mounted.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;
    const entry = ROUTES_BY_KEY.get(key);
    if (!entry) gaps.add(`${key}: answered without an entry in contract/endpoints/`);
    else if (!tableEntriesOf(mounted.handler).has(entry))
      gaps.add(`${key}: a handler not mounted from its entry`);
  }
  return [...gaps];
}

/** The header of the answer an app made with `markUnrouted` gives a request no route answered. */
const UNROUTED = 'x-test-unrouted';
/** Added after every route and before the app's catch-all: it answers only what no route took. */
const markUnrouted = (app: Hono<AppEnv>) => {
  app.all('/api/*', (c) => c.body(null, 404, { [UNROUTED]: '1' }));
};

/**
 * The entries the app does not answer: each entry's method and path (a fresh uuid for an id, `x`
 * for any other parameter), without a token, reaches the catch-all rather than a route. A signed-in
 * route answers 401 before anything is read; a public one refuses the missing body or name.
 */
async function unansweredEntries(app: Hono<AppEnv>, routes: readonly ApiRoute[]): Promise<string[]> {
  const gaps: string[] = [];
  for (const entry of routes) {
    const params = Object.fromEntries(
      Object.entries(entry.params as Record<string, Param>).map(([name, param]) => [
        name,
        isIdParam(param) ? randomUUID() : 'x',
      ]),
    );
    const res = await app.request(pathOf(entry.path, params), { method: entry.method });
    if (res.headers.has(UNROUTED)) gaps.push(`${entry.method} ${entry.path}: not mounted`);
  }
  return gaps;
}

const t = setUpFixture(createTestDb);
let app: Hono<AppEnv>;
let doc: Doc;
beforeAll(async () => {
  ({ app } = await createTestApp(t, { extraRoutes: markUnrouted }));
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with bearer security and the error body', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toMatchObject({
      info: { title: 'Matchwerk API' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: { Error: { type: 'object', required: ['status', 'code', 'message'] } },
      },
    });
    expect(doc.paths['/api/user/consents']?.get).toMatchObject({
      security: [{ bearer: [] }],
      tags: ['legal'],
    });
  });

  it('documents every entry of the route table, with the request body and query it is validated with', () => {
    expect(documentationGaps(doc)).toEqual([]);
    // Well over the 60 routes of the first wave: the walk really covers the table.
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length).toBeGreaterThanOrEqual(60);
  });

  it('is the table the app answers: every entry is mounted, and every /api route is an entry', async () => {
    expect(unlistedRoutes(app)).toEqual([]);
    expect(await unansweredEntries(app, API_ROUTES)).toEqual([]);
    // Development helpers included: this is a test server.
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length).toBe(API_ROUTES.length);
  });

  it('leaves the development helpers out where they are not mounted (production)', async () => {
    const res = await openApiRoutes({ development: false }).request('/openapi.json');
    const production = (await res.json()) as Doc;
    expect(doc.paths['/api/dev/outbox']?.get).toBeDefined();
    expect(Object.keys(production.paths).filter((path) => path.startsWith('/api/dev/'))).toEqual([]);
    expect(Object.keys(production.paths)).toHaveLength(Object.keys(doc.paths).length - 1);
  });

  it('takes request bodies from the contract schemas themselves', () => {
    const body = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    expect(body('/api/user/accept', 'post')).toEqual(jsonSchemaOf(AcceptRequestSchema));
    expect(body('/api/login', 'post')).toEqual(jsonSchemaOf(LoginRequestSchema));
    expect(body('/api/public/user/create', 'put')).toEqual(jsonSchemaOf(RegistrationRequestSchema));
    expect(body('/api/public/user/create', 'put')).toMatchObject({
      type: 'object',
      properties: { category: { enum: ['luna', 'nova', 'company'] } },
    });
  });

  it('documents query and path parameters', () => {
    expect(doc.paths['/api/public/text/{name}']?.get).toMatchObject({
      parameters: [
        { name: 'name', in: 'path', required: true },
        { name: 'language', in: 'query', required: true, schema: { enum: ['de', 'en'] } },
      ],
    });
    // From the entry's query schema, which the adapter validates with, not from a copy.
    expect(doc.paths['/api/catalog/cities']?.get?.parameters).toMatchObject([
      { name: 'q', in: 'query', required: true, schema: { minLength: 1, maxLength: 100 } },
      { name: 'country', in: 'query', required: false, schema: { pattern: '^[A-Za-z]{2}$' } },
    ]);
    expect(doc.paths['/api/jobs/list']?.get?.parameters?.map((p) => p.name)).toEqual(
      Object.keys(JobListQuerySchema.entries),
    );
  });

  it('says which token each operation needs, and that public ones need none', () => {
    expect(doc.paths['/api/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/public/text/{name}']?.get?.security).toEqual([]);
    expect(doc.paths['/api/login/2fa']?.post?.security).toEqual([{ pendingLogin: [] }]);
    expect(doc.paths['/api/agent/profile/{uuid}']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/agent']?.put?.security).toEqual([{ bearer: [] }]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true);
  });

  it('lists the error answers of each operation with their codes', () => {
    const codesOf = (path: string, method: string, status: string) =>
      JSON.stringify(doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema);
    const jobUpdate = doc.paths['/api/job/{uuid}']?.post?.responses ?? {};
    expect(Object.keys(jobUpdate)).toEqual(['200', '400', '401', '403', '404', '409', '413', 'default']);
    expect(codesOf('/api/job/{uuid}', 'post', '401')).toContain('jwt.expired');
    expect(codesOf('/api/job/{uuid}', 'post', '404')).toContain('job.not_found');
    // The version conflict carries the job as it is now; the archived job and a client change with
    // open submissions are plain errors.
    expect(jobUpdate['409']?.content?.['application/json']?.schema).toMatchObject({
      oneOf: [
        { properties: { code: { const: 'job.version_conflict' }, current: { type: 'object' } } },
        {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            { properties: { code: { enum: ['job.archived', 'job.client_has_submissions'] } } },
          ],
        },
      ],
    });
    expect(
      doc.paths['/api/profile']?.put?.responses['409']?.content?.['application/json']?.schema,
    ).toMatchObject({
      properties: { code: { const: 'profile.version_conflict' } },
    });
    expect(codesOf('/api/profile/list', 'get', '400')).toContain('query.invalid');
    expect(codesOf('/api/login', 'post', '429')).toContain('request.rate_limited');
    expect(codesOf('/api/public/user/create', 'put', '413')).toContain('request.too_large');
    expect(doc.paths['/api/session']?.get?.responses['413']).toBeUndefined();
  });

  it('describes every tag it uses', () => {
    const used = new Set(
      Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((o) => o.tags)),
    );
    const described = doc.tags.filter((tag) => tag.description).map((tag) => tag.name);
    expect([...used].filter((tag) => !described.includes(tag))).toEqual([]);
  });
});

describe('the completeness check', () => {
  const clone = () => JSON.parse(JSON.stringify(doc)) as Doc;

  it('fails on an entry missing from the document', () => {
    const broken = clone();
    delete broken.paths['/api/user/accept'];
    expect(documentationGaps(broken)).toEqual(['POST /api/user/accept: missing from the document']);
  });

  it('fails on a documented request body that differs from the validated one', () => {
    const broken = clone();
    const content = broken.paths['/api/login']?.post?.requestBody?.content['application/json'];
    if (content) content.schema = { type: 'object' };
    expect(documentationGaps(broken)).toEqual([
      'POST /api/login: documented request body differs from the validated one',
    ]);
  });

  it('fails on a documented query that differs from the validated one', () => {
    const broken = clone();
    broken.paths['/api/catalog/cities']?.get?.parameters?.pop();
    expect(documentationGaps(broken)).toEqual([
      'GET /api/catalog/cities: documented query differs from the validated one',
    ]);
  });

  it('fails on an operation documented without an entry', () => {
    const broken = clone();
    const health = broken.paths['/api/health']?.get;
    if (health) broken.paths['/api/test/extra'] = { get: health };
    expect(documentationGaps(broken)).toEqual(['GET /api/test/extra: documented without an entry']);
  });

  it('fails on a route added by hand, without an entry or beside one', async () => {
    const EchoSchema = v.object({ word: v.string() });
    const extra = await createTestApp(t, {
      extraRoutes: (a) => {
        a.post('/api/test/echo/:id', jsonBody(EchoSchema), (c) => c.json(c.req.valid('json')));
        a.get('/api/health', (c) => c.json({ shadow: true }));
      },
    });
    expect(unlistedRoutes(extra.app)).toEqual([
      'POST /api/test/echo/{id}: answered without an entry in contract/endpoints/',
      'GET /api/health: a handler not mounted from its entry',
    ]);
  });

  it('fails on an entry the app does not mount', async () => {
    const unmounted = route({
      method: 'GET',
      path: '/api/test/unmounted/{uuid}',
      params: { uuid: ID },
      answer: { status: 200 },
      errors: { 404: [ErrorCode.notFound] },
      who: 'agent',
      tag: 'system',
      summary: 'Nowhere',
    });
    expect(await unansweredEntries(app, [API_ROUTES[0] as ApiRoute, unmounted])).toEqual([
      'GET /api/test/unmounted/{uuid}: not mounted',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('is a page without inline script that loads Swagger UI and its init script from our origin', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1] ?? '')?.[1])).toEqual([
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-init.js',
    ]);
    expect(scripts.every((m) => (m[2] ?? '').trim() === '')).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the init script, the style and the bundle (compressed when accepted)', async () => {
    const init = await app.request('/api/docs/swagger-init.js');
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await init.text()).toContain("url: '/api/openapi.json'");
    const css = await app.request('/api/docs/swagger-ui.css');
    expect(css.status).toBe(200);
    const bundle = await app.request('/api/docs/swagger-ui-bundle.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('br');
  });

  it('answers 404 for any other file name', async () => {
    for (const name of ['constructor', '__proto__', 'index.html', 'package.json']) {
      const res = await app.request(`/api/docs/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});
