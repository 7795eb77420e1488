import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type { ProfileResponse } from '../../contract/profile';
import { users } from '../db/schema/users';
import { createProfileFixture } from './profile-test-kit';

let f: Awaited<ReturnType<typeof createProfileFixture>>;
let stella: string;
let other: string;
let company: string;

beforeAll(async () => {
  f = await createProfileFixture();
});
afterAll(() => f.close());
beforeEach(async () => {
  await f.db.db.delete(users);
  stella = await f.signIn('a@profile.test', 'stella');
  other = await f.signIn('b@profile.test', 'luna');
  company = await f.signIn('c@profile.test', 'company');
});

// Sent as the city list's id; the server answers the list's name, country and coordinates.
const berlin = { id: 2950159, lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' };
const full = {
  first_name: 'Anna',
  last_name: 'Schmidt',
  city: berlin,
  occupation: 'software_developer',
  skills: ['typescript', 'react'],
  languages: [{ language: 'de', level: 'native' }],
  experience_years: 4.5,
};

async function profileOf(token: string, path = '/api/profile') {
  const res = await f.request('GET', path, token);
  expect(res.status).toBe(200);
  return (await res.json()) as ProfileResponse;
}

describe('GET /api/profile', () => {
  it('answers an empty profile of the caller type with what is missing, version 0', async () => {
    const profile = await profileOf(stella);
    expect(profile).toMatchObject({
      type: 'stella',
      values: {},
      image: null,
      status: 'active',
      completeness: 0,
      // What matching uses, heaviest first (contract/completeness.ts).
      missing: [
        'occupation',
        'skills',
        'languages',
        'city',
        'experience_years',
        'education_level',
        'available_from',
      ],
      version: 0,
    });
    expect(profile.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await profileOf(stella)).uuid).toBe(profile.uuid);
  });

  it('needs a token', async () => {
    expect((await f.app.request('/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves all values, counts the version up and reports completeness', async () => {
    const res = await f.request('PUT', '/api/profile', stella, { values: full, version: 0 });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ProfileResponse;
    // Everything matching uses but education and availability: 100 − 10 − 10.
    expect(saved).toMatchObject({
      values: full,
      completeness: 80,
      missing: ['education_level', 'available_from'],
      version: 1,
    });
    expect(await profileOf(stella)).toEqual(saved);
  });

  it('clears the fields a PUT leaves out', async () => {
    await f.request('PUT', '/api/profile', stella, { values: full, version: 0 });
    const { skills: _s, occupation: _o, ...rest } = full;
    const res = await f.request('PUT', '/api/profile', stella, { values: rest, version: 1 });
    const saved = (await res.json()) as ProfileResponse;
    expect(saved.values).toEqual(rest);
    expect(saved.version).toBe(2);
  });

  it('refuses unknown keys, wrong types and options not in the catalogue with per-field codes, and changes nothing', async () => {
    await f.request('PUT', '/api/profile', stella, { values: full, version: 0 });
    const res = await f.request('PUT', '/api/profile', stella, {
      values: {
        ...full,
        name: 'ACME',
        experience_years: 'ten',
        skills: ['typescript', 'cobol_wizardry'],
        occupation: 42,
      },
      version: 1,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('request.invalid');
    expect(body.fields).toEqual({
      name: ['field.unknown'],
      experience_years: ['field.invalid_type'],
      skills: ['field.option_unknown'],
      occupation: ['field.invalid_type'],
    });
    expect(await profileOf(stella)).toMatchObject({ values: full, version: 1 });
  });

  it('asks for the required fields of the type and a version', async () => {
    const res = await f.request('PUT', '/api/profile', stella, { values: { first_name: 'Anna' } });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as ErrorBody).fields ?? {})).toEqual(['version']);
    const missing = await f.request('PUT', '/api/profile', stella, {
      values: { first_name: ' ' },
      version: 0,
    });
    expect(((await missing.json()) as ErrorBody).fields).toEqual({
      first_name: ['field.required'],
      last_name: ['field.required'],
      city: ['field.required'],
    });
  });

  it('validates a company account by its own profile fields: only the names', async () => {
    const res = await f.request('PUT', '/api/profile', company, {
      values: { first_name: 'Carla', last_name: 'Chef', city: berlin },
      version: 0,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toEqual({ city: ['field.unknown'] });
    const ok = await f.request('PUT', '/api/profile', company, {
      values: { first_name: 'Carla', last_name: 'Chef' },
      version: 0,
    });
    expect(await ok.json()).toMatchObject({ type: 'company', completeness: 100, version: 1 });
  });

  it('refuses a stale version with 409 and the current profile, so no edit is lost', async () => {
    const first = await f.request('PUT', '/api/profile', stella, { values: full, version: 0 });
    expect(first.status).toBe(200);
    const stale = await f.request('PUT', '/api/profile', stella, {
      values: { ...full, first_name: 'Bernd' },
      version: 0,
    });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      status: number;
      code: string;
      message: string;
      current: ProfileResponse;
    };
    expect(body).toMatchObject({ status: 409, code: 'profile.version_conflict' });
    expect(body.message).toEqual(expect.any(String));
    expect(body.current).toMatchObject({ values: { first_name: 'Anna' }, version: 1 });
    expect((await profileOf(stella)).values.first_name).toBe('Anna');
  });

  it('lets two parallel edits of one version through once', async () => {
    const results = await Promise.all(
      ['Anna', 'Bernd', 'Clara'].map((name) =>
        f.request('PUT', '/api/profile', stella, { values: { ...full, first_name: name }, version: 0 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await profileOf(stella)).version).toBe(1);
  });

  it('changes only the caller profile: user A never reaches user B', async () => {
    await f.request('PUT', '/api/profile', stella, { values: full, version: 0 });
    const before = await profileOf(other);
    const res = await f.request('PUT', '/api/profile', other, {
      values: { ...full, first_name: 'Bea' },
      version: 0,
    });
    expect(res.status).toBe(200);
    expect((await profileOf(stella)).values.first_name).toBe('Anna');
    expect((await profileOf(other)).uuid).toBe(before.uuid);
    expect((await profileOf(other)).type).toBe('luna');
  });
});

describe('company profile', () => {
  const acme = { name: 'ACME GmbH', legal_form: 'gmbh', city: berlin, website: 'https://acme.example' };

  it('is read and saved by a company account with the same rules', async () => {
    expect(await profileOf(company, '/api/company')).toMatchObject({
      type: 'company',
      status: 'active',
      missing: ['name', 'city'],
      completeness: 0,
      version: 0,
    });
    const res = await f.request('PUT', '/api/company', company, { values: acme, version: 0 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ values: acme, completeness: 100, version: 1 });
    const stale = await f.request('PUT', '/api/company', company, { values: acme, version: 0 });
    expect(stale.status).toBe(409);
    const bad = await f.request('PUT', '/api/company', company, {
      values: { ...acme, legal_form: 'pirate_ship', occupation: 'cook' },
      version: 1,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).fields).toEqual({
      legal_form: ['field.option_unknown'],
      occupation: ['field.unknown'],
    });
  });

  it('does not exist for a candidate', async () => {
    expect((await f.request('GET', '/api/company', stella)).status).toBe(403);
    expect((await f.request('PUT', '/api/company', stella, { values: acme, version: 0 })).status).toBe(403);
  });
});

describe('/api/profile/status', () => {
  it('lets a candidate pause and resume being matched', async () => {
    expect(await (await f.request('GET', '/api/profile/status', stella)).json()).toEqual({
      status: 'active',
      pausedByAgency: false,
    });
    const paused = await f.request('POST', '/api/profile/status', stella, { status: 'inactive' });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toEqual({ status: 'inactive', pausedByAgency: false });
    expect((await profileOf(stella)).status).toBe('inactive');
    expect((await profileOf(other)).status).toBe('active');
    await f.request('POST', '/api/profile/status', stella, { status: 'active' });
    expect((await profileOf(stella)).status).toBe('active');
  });

  it('refuses an unknown status and accounts that are not candidates', async () => {
    const bad = await f.request('POST', '/api/profile/status', stella, { status: 'hidden' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).fields).toEqual({ status: ['status.invalid'] });
    expect((await f.request('POST', '/api/profile/status', company, { status: 'inactive' })).status).toBe(
      403,
    );
  });
});

describe("a candidate's phone number and time to call (PRODUCT.md §11)", () => {
  it('stores the number as typed in E.164 and the time as an option, apart from the 2FA number', async () => {
    const res = await f.request('PUT', '/api/profile', stella, {
      values: { ...full, phone: ' 0151 2345 6789 ', contact_time: 'afternoon' },
      version: 0,
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ProfileResponse;
    expect(saved.values).toMatchObject({ phone: '+4915123456789', contact_time: 'afternoon' });
    expect(await profileOf(stella)).toMatchObject({
      values: { phone: '+4915123456789', contact_time: 'afternoon' },
    });
    const [account] = await f.db.db.select().from(users).where(eq(users.email, 'a@profile.test'));
    expect(account!.phoneNumber).toBeNull();
  });

  it('refuses a number that is none and a time not offered, with field codes, and changes nothing', async () => {
    await f.request('PUT', '/api/profile', stella, {
      values: { ...full, phone: '+43 664 1234567' },
      version: 0,
    });
    const res = await f.request('PUT', '/api/profile', stella, {
      values: { ...full, phone: '0151 234', contact_time: 'midnight' },
      version: 1,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('request.invalid');
    expect(body.fields).toEqual({ phone: ['field.phone_invalid'], contact_time: ['field.option_unknown'] });
    expect(await profileOf(stella)).toMatchObject({ values: { phone: '+436641234567' }, version: 1 });
  });

  it('is no field of a company account', async () => {
    const res = await f.request('PUT', '/api/profile', company, {
      values: { first_name: 'Cora', last_name: 'Firma', phone: '0151 23456789' },
      version: 0,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toEqual({ phone: ['field.unknown'] });
  });
});
