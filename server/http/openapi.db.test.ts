import type { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { RegistrationRequestSchema } from '../../contract/account';
import { ROUTES_BY_KEY } from '../../contract/endpoint-list';
import { JobListQuerySchema } from '../../contract/job';
import { AcceptRequestSchema } from '../../contract/legal';
import { LoginRequestSchema } from '../../contract/session';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import type { AppEnv } from './env';
import { jsonSchemaOf } from './openapi';
import { createTestApp } from './test-app';
import { bodySchemaOf, jsonBody, validationOf } from './validate';

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
 * What the reference gets wrong about the app: a registered /api route missing from the document,
 * a route without an entry in the route table, an entry without a route, or a request body or query
 * documented differently from the schema the route's `jsonBody` or `validQuery` validates with.
 * Written apart from the generator (server/http/openapi.ts), from `app.routes` itself.
 */
function documentationGaps(app: Hono<AppEnv>, doc: Doc): string[] {
  const gaps: string[] = [];
  const registered = new Map<string, v.GenericSchema | undefined>();
  const queries = new Map<string, v.GenericSchema>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;
    registered.set(key, registered.get(key) ?? bodySchemaOf(route.handler));
    const validation = validationOf(route.handler);
    if (validation?.target === 'query') queries.set(key, validation.schema);
  }
  for (const [key, schema] of queries) {
    const [method = '', path = ''] = key.split(' ');
    const documented = doc.paths[path]?.[method.toLowerCase()]?.parameters?.filter((p) => p.in === 'query');
    const validated = jsonSchemaOf(schema) as { properties: Record<string, unknown>; required?: string[] };
    const expected = Object.entries(validated.properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: (validated.required ?? []).includes(name),
      schema,
    }));
    if (JSON.stringify(documented) !== JSON.stringify(expected)) {
      gaps.push(`${key}: documented query differs from the validated one`);
    }
  }
  for (const [key, schema] of registered) {
    const [method = '', path = ''] = key.split(' ');
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) {
      gaps.push(`${key}: missing from the document`);
      continue;
    }
    if (!ROUTES_BY_KEY.has(key)) gaps.push(`${key}: no entry in contract/endpoints/`);
    const documented = operation.requestBody?.content['application/json']?.schema;
    if (schema && documented === undefined) gaps.push(`${key}: request body undocumented`);
    else if (schema && JSON.stringify(documented) !== JSON.stringify(jsonSchemaOf(schema))) {
      gaps.push(`${key}: documented request body differs from the validated one`);
    } else if (!schema && documented !== undefined)
      gaps.push(`${key}: documents a JSON body it does not validate`);
  }
  for (const key of ROUTES_BY_KEY.keys()) {
    if (!registered.has(key)) gaps.push(`${key}: documented but not registered`);
  }
  return gaps;
}

const t = setUpFixture(createTestDb);
let app: Hono<AppEnv>;
let doc: Doc;
beforeAll(async () => {
  ({ app } = await createTestApp(t));
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

  it('documents every registered /api route, with the request body its handler validates with', () => {
    expect(documentationGaps(app, doc)).toEqual([]);
    // Well over the 60 routes of the first wave: the walk really covers the app.
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length).toBeGreaterThanOrEqual(60);
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
    // From the route's own validQuery schema, not from a copy.
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
    // Mounted with app.use('/agent/*', …) rather than on the route.
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

  it('fails on a route missing from the document', () => {
    const broken = clone();
    delete broken.paths['/api/user/accept'];
    expect(documentationGaps(app, broken)).toEqual(['POST /api/user/accept: missing from the document']);
  });

  it('fails on a documented request body that differs from the validated one', () => {
    const broken = clone();
    const content = broken.paths['/api/login']?.post?.requestBody?.content['application/json'];
    if (content) content.schema = { type: 'object' };
    expect(documentationGaps(app, broken)).toEqual([
      'POST /api/login: documented request body differs from the validated one',
    ]);
  });

  it('fails on a documented query that differs from the validated one', () => {
    const broken = clone();
    broken.paths['/api/catalog/cities']?.get?.parameters?.pop();
    expect(documentationGaps(app, broken)).toEqual([
      'GET /api/catalog/cities: documented query differs from the validated one',
    ]);
  });

  it('fails on a route added without an entry, and its body is documented from its own schema', async () => {
    const EchoSchema = v.object({ word: v.string() });
    const extra = await createTestApp(t, {
      extraRoutes: (a) => {
        a.post('/api/test/echo/:id', jsonBody(EchoSchema), (c) => c.json(c.req.valid('json')));
      },
    });
    const extraDoc = (await (await extra.app.request('/api/openapi.json')).json()) as Doc;
    expect(
      extraDoc.paths['/api/test/echo/{id}']?.post?.requestBody?.content['application/json']?.schema,
    ).toEqual(jsonSchemaOf(EchoSchema));
    expect(documentationGaps(extra.app, extraDoc)).toEqual([
      'POST /api/test/echo/{id}: no entry in contract/endpoints/',
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
