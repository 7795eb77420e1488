import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../contract/catalog';
import { loadCatalogFile, seedCatalog } from '../catalog/catalog';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp } from './test-app';

// The real app: the catalogue routes sit behind the same requireUser as every other route.
const db = setUpFixture(createTestDb);
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
/** An access token per user type, of the demo account of that type. */
const tokens = new Map<string, string>();
const accounts = {
  stella: 'stella@matchwerk.example',
  company: 'company@matchwerk.example',
  senior_agent: 'senior@matchwerk.example',
  agent: 'agent@matchwerk.example',
};

beforeAll(async () => {
  await seedDemo(db.db);
  await seedCatalog(db.db, loadCatalogFile());
  ({ app } = await createTestApp(db));
  for (const [userType, email] of Object.entries(accounts)) {
    const res = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, locale: 'de' }),
    });
    tokens.set(userType, ((await res.json()) as { token: string }).token);
  }
});

const get = (path: string, userType?: keyof typeof accounts) =>
  app.request(path, { headers: userType ? { authorization: `Bearer ${tokens.get(userType)}` } : {} });

describe('catalogue endpoints', () => {
  it('refuse anonymous callers', async () => {
    for (const path of [
      '/api/profile/data',
      '/api/company/data',
      '/api/job/data',
      '/api/catalog/cities?q=ber',
    ]) {
      expect((await get(path)).status).toBe(401);
    }
  });

  it('answer the profile fields of the caller’s user type', async () => {
    const stella = (await (await get('/api/profile/data', 'stella')).json()) as FieldDefinition[];
    expect(stella.map((f) => f.key)).toContain('skills');
    const company = (await (await get('/api/profile/data', 'company')).json()) as FieldDefinition[];
    expect(company.map((f) => f.key)).toEqual(['first_name', 'last_name']);
    const agent = (await (await get('/api/profile/data', 'senior_agent')).json()) as FieldDefinition[];
    expect(agent.map((f) => f.key)).toEqual(['first_name', 'last_name']);
  });

  it('answer an agent the fields of the candidate type asked for, and nobody else', async () => {
    const forAgent = (await (await get('/api/profile/data?type=luna', 'agent')).json()) as FieldDefinition[];
    expect(forAgent.map((f) => f.key)).toEqual(
      expect.arrayContaining(['occupation', 'skills', 'birth_date']),
    );
    const company = (await (await get('/api/profile/data?type=luna', 'company')).json()) as FieldDefinition[];
    expect(company.map((f) => f.key)).toEqual(['first_name', 'last_name']);
    const unknown = (await (await get('/api/profile/data?type=admin', 'agent')).json()) as FieldDefinition[];
    expect(unknown.map((f) => f.key)).toEqual(['first_name', 'last_name']);
  });

  it('answer the company and job catalogues', async () => {
    const company = (await (await get('/api/company/data', 'company')).json()) as FieldDefinition[];
    expect(company.map((f) => f.key)).toContain('legal_form');
    const job = (await (await get('/api/job/data', 'agent')).json()) as FieldDefinition[];
    expect(job.find((f) => f.key === 'location')).toMatchObject({
      type: 'location',
      criterion: { rule: 'distance', profileKey: 'city' },
    });
  });

  it('search cities, and refuse a search without text', async () => {
    const response = await get('/api/catalog/cities?q=hamb&country=DE', 'stella');
    expect(response.status).toBe(200);
    const hits = (await response.json()) as {
      name: string;
      country: string;
      lat: number;
      lng: number;
      id: number;
    }[];
    expect(hits[0]).toMatchObject({ name: 'Hamburg', country: 'DE' });
    expect(hits.length).toBeLessThanOrEqual(10);
    // The agency's home countries first (HOME_COUNTRIES, by default DE, AT and CH).
    const places = (await (await get('/api/catalog/cities?q=bad', 'stella')).json()) as typeof hits;
    expect(places.map((p) => p.country)).toEqual(places.map(() => expect.stringMatching(/^(DE|AT|CH)$/)));
    const bad = await get('/api/catalog/cities?q=', 'stella');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'request.invalid', fields: { q: ['field.required'] } });
    // The shared query validator: a repeated parameter is refused like a bad one.
    const repeated = await get('/api/catalog/cities?q=hamb&q=berl', 'stella');
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({
      code: 'request.invalid',
      fields: { q: ['query.invalid'] },
    });
  });
});
