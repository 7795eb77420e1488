import { beforeAll, describe, expect, it } from 'vitest';
import { seedDefaultCatalog } from '../catalog/catalog';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp } from './test-app';

const t = setUpFixture(createTestDb);
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
beforeAll(async () => {
  await seedDemo(t.db);
  await seedDefaultCatalog(t.db);
  ({ app } = await createTestApp(t));
});

async function tokenOf(email: string): Promise<string> {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, locale: 'de' }),
  });
  return ((await res.json()) as { token: string }).token;
}

describe('field catalogues behind the login', () => {
  it('answers the profile fields of the caller’s own user type', async () => {
    const res = await app.request('/api/profile/data', {
      headers: { authorization: `Bearer ${await tokenOf('stella@matchwerk.example')}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as unknown;
    const keys = JSON.stringify(body);
    expect(keys).toContain('"skills"');
    expect(keys).toContain('"first_name"');
  });

  it('refuses the catalogue without a token, and with a token pending its SMS code', async () => {
    expect((await app.request('/api/job/data')).status).toBe(401);
    const pending = await tokenOf('mfa@matchwerk.example');
    expect(
      (await app.request('/api/job/data', { headers: { authorization: `Bearer ${pending}` } })).status,
    ).toBe(401);
  });

  it('finds cities for a signed-in user', async () => {
    const res = await app.request('/api/catalog/cities?q=m%C3%BCnch', {
      headers: { authorization: `Bearer ${await tokenOf('agent@matchwerk.example')}` },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('München');
  });
});
