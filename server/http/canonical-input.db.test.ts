import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type { ProfileResponse } from '../../contract/profile';
import { createApp } from '../app';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { json } from '../db/rows';
import { users } from '../db/schema/users';
import { createLogger } from '../log';
import { createProfileFixture } from './profile-test-kit';

let f: Awaited<ReturnType<typeof createProfileFixture>>;
let stella: string;

beforeAll(async () => {
  f = await createProfileFixture();
});
afterAll(() => f.close());
beforeEach(async () => {
  await f.db.db.delete(users);
  stella = await f.signIn('canonical@profile.test', 'stella');
});

const BERLIN = { id: 2950159, name: 'Berlin', country: 'DE', lat: 52.52437, lng: 13.41053 };
const names = { first_name: 'Luna', last_name: 'Kaya', city: { id: BERLIN.id } };

/** `years` whole years before today, as YYYY-MM-DD. */
function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

async function put(values: Record<string, unknown>, version: unknown = 0, token = stella) {
  return f.request('PUT', '/api/profile', token, { values, version });
}

async function unchanged() {
  const res = await f.request('GET', '/api/profile', stella);
  const profile = (await res.json()) as ProfileResponse;
  expect(profile).toMatchObject({ values: {}, version: 0 });
}

describe('text PostgreSQL cannot store is refused, once, for every request', () => {
  it('answers 400 field.invalid_text for a NUL and for a lone surrogate, and changes nothing', async () => {
    const res = await put({ ...names, first_name: 'Lu\u0000na', last_name: '\ud800' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('request.invalid');
    expect(body.fields).toEqual({
      'values.first_name': ['field.invalid_text'],
      'values.last_name': ['field.invalid_text'],
    });
    await unchanged();
  });

  it('finds them in nested values, array items and object keys; a paired surrogate (emoji) is text', async () => {
    const res = await put({
      ...names,
      skills: ['ok', 'bad\udc00'],
      languages: [{ language: 'de\u0000', level: 'C1' }],
      'key\u0000': 1,
    });
    expect(((await res.json()) as ErrorBody).fields).toEqual({
      'values.skills.1': ['field.invalid_text'],
      'values.languages.0.language': ['field.invalid_text'],
      'values.key\u0000': ['field.invalid_text'],
    });
    expect((await put({ ...names, about: 'Gern im Team 🙂' })).status).toBe(200);
  });

  it('covers the query string and the path of every route, and other bodies than the profile', async () => {
    const cities = await f.request('GET', '/api/catalog/cities?q=Ber%00lin', stella);
    expect(cities.status).toBe(400);
    expect(((await cities.json()) as ErrorBody).fields).toEqual({ q: ['field.invalid_text'] });

    const photo = await f.request('GET', '/api/profile/photo/%00abc', stella);
    expect(photo.status).toBe(400);
    expect(((await photo.json()) as ErrorBody).fields).toEqual({ _path: ['field.invalid_text'] });

    const status = await f.request('POST', '/api/profile/status', stella, { status: 'act\u0000ive' });
    expect(status.status).toBe(400);
    expect(((await status.json()) as ErrorBody).fields).toEqual({ status: ['field.invalid_text'] });
  });
});

/** `levels` nested arrays (or objects under `k`) around `inner`, as raw JSON text. */
function nested(levels: number, inner = '1', kind: 'array' | 'object' = 'array'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`
    : `${'{"k":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
}

function rawPut(path: string, body: string, token?: string) {
  return f.app.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

describe('a JSON body nests at most 32 levels', () => {
  it('answers 400 request.too_deep to 10 000 levels, before any route runs (no token asked for)', async () => {
    for (const kind of ['array', 'object'] as const) {
      const res = await rawPut('/api/profile', `{"values":${nested(10_000, '"x"', kind)},"version":0}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).code).toBe('request.too_deep');
    }
    await unchanged();
  });

  it('counts every object and array: 32 levels reach the route, 33 do not', async () => {
    // The body object is level 1, `values` level 2: 30 more arrays make 32.
    const at32 = await rawPut('/api/profile', `{"values":{"skills":${nested(30)}},"version":0}`, stella);
    expect(at32.status).toBe(400);
    expect(((await at32.json()) as ErrorBody).fields).toMatchObject({ skills: ['field.invalid_type'] });
    const at33 = await rawPut('/api/profile', `{"values":{"skills":${nested(31)}},"version":0}`, stella);
    expect(at33.status).toBe(400);
    expect(((await at33.json()) as ErrorBody).code).toBe('request.too_deep');
  });

  it('still names NUL text found under deep (allowed) nesting by its whole path', async () => {
    const res = await rawPut(
      '/api/profile',
      `{"values":{"a":${nested(29, '"\\u0000"')}},"version":0}`,
      stella,
    );
    expect(((await res.json()) as ErrorBody).fields).toEqual({
      [`values.a.${Array(29).fill('0').join('.')}`]: ['field.invalid_text'],
    });
  });
});

// The catalogue's errors are keyed by field (as the profile form shows them); the one text check
// before any route keys by the body's dot path.
describe('integers stay within their columns', () => {
  it('refuses a version beyond a PostgreSQL integer with 400, not 500', async () => {
    const res = await put(names, 2_147_483_648);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toEqual({ version: ['field.too_large'] });
    await unchanged();
  });

  it('bounds catalogue numbers', async () => {
    const res = await put({ ...names, desired_salary: 1e300, travel_radius_km: 2_147_483_648 });
    expect(((await res.json()) as ErrorBody).fields).toEqual({
      desired_salary: ['field.too_large'],
      travel_radius_km: ['field.too_large'],
    });
  });

  it('never answers 500, whatever JSON values and version are sent', async () => {
    const keys = ['first_name', 'last_name', 'city', 'birth_date', 'skills', 'languages', 'experience_years'];
    const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ unit: 'binary' })), anyJson, {
          maxKeys: 6,
        }),
        fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 31), anyJson),
        async (values, version) => {
          const res = await put(values, version);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('keys a client chooses are plain keys', () => {
  it('reports a value named like an Object method or __proto__ as unknown, not 500', async () => {
    const res = await f.request(
      'PUT',
      '/api/profile',
      stella,
      JSON.parse('{"values": {"toString": {}, "__proto__": 1, "first_name": "A"}, "version": 0}'),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toMatchObject({ toString: ['field.unknown'] });
    const query = await f.request('GET', '/api/catalog/cities?__proto__=%00&q=x', stella);
    expect(query.status).toBe(400);
    expect(JSON.stringify(((await query.json()) as ErrorBody).fields)).toBe(
      '{"__proto__":["field.invalid_text"]}',
    );
  });
});

describe('a city is the bundled list id; the server fills the rest', () => {
  it('stores the list entry for an id and ignores what is sent along', async () => {
    const res = await put({
      ...names,
      city: { id: BERLIN.id, name: '<script>', lat: 0, lng: 0, country: 'ZZ' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ProfileResponse).values.city).toEqual(BERLIN);
    const [row] = await queryRows(
      f.db.db,
      sql`select "values"->'city' as city from profiles where type = 'stella'`,
      v.object({ city: json }),
    );
    expect(row?.city).toEqual(BERLIN);
  });

  it('refuses a city without a known id', async () => {
    for (const city of [
      { lat: 0, lng: 0, name: '<script>alert(1)</script>', country: 'ZZ' },
      { id: 1 },
      { id: 'x' },
    ]) {
      const res = await put({ ...names, city });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).fields).toEqual({ city: ['field.location_invalid'] });
    }
    await unchanged();
  });

  it('reads a city stored before ids (the old demo seed) with the id of the list entry at its place', async () => {
    expect((await put(names)).status).toBe(200);
    const old = { name: 'Berlin', lat: 52.52437, lng: 13.41053, country: 'DE' };
    await f.db.db.execute(
      sql`update profiles set "values" = jsonb_set("values", '{city}', ${JSON.stringify(old)}::jsonb)`,
    );
    const profile = (await (await f.request('GET', '/api/profile', stella)).json()) as ProfileResponse;
    expect(profile.values.city).toEqual(BERLIN);
    expect((await put(profile.values, profile.version)).status).toBe(200);
  });
});

describe('birth dates lie 14 to 100 years back', () => {
  it('refuses a birth date in the future, under 14 or over 100 years back', async () => {
    const cases: [string, string][] = [
      ['2030-01-01', 'field.date_too_late'],
      [yearsAgo(14, 1), 'field.date_too_late'],
      [yearsAgo(100, -1), 'field.date_too_early'],
    ];
    for (const [birth_date, code] of cases) {
      const res = await put({ ...names, birth_date });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).fields).toEqual({ birth_date: [code] });
    }
    await unchanged();
  });

  it('accepts the bounds themselves', async () => {
    expect((await put({ ...names, birth_date: yearsAgo(14) })).status).toBe(200);
    expect((await put({ ...names, birth_date: yearsAgo(100) }, 1)).status).toBe(200);
  });
});

describe('error logs hold no request values', () => {
  it('logs a failed query by its SQL and code, without the submitted values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PUBLIC_ORIGIN: 'http://matchwerk.test',
      DATA_DIR: f.dataDir,
    });
    const app = createApp({
      config,
      db: f.db,
      logger: createLogger(config, sink),
      auth: await createAuthServices(f.db.db, config),
      staticDir: null,
      // Two queries that fail on values a client sent: a cast (the value is in PostgreSQL's message)
      // and a unique violation (the value is in its detail); Drizzle puts both into its own message.
      extraRoutes: (a) => {
        a.post('/api/test/fault', async (c) => {
          const { secret, email } = (await c.req.json()) as { secret: string; email: string };
          if (secret) await f.db.db.execute(sql`select ${secret}::integer`);
          await f.db.db.execute(
            sql`insert into users (id, email, password_hash, user_type, language)
                values (${crypto.randomUUID()}, ${email}, ${secret}, 'luna', 'de'),
                       (${crypto.randomUUID()}, ${email}, ${secret}, 'luna', 'de')`,
          );
          return c.body(null, 204);
        });
      },
    });
    const send = (body: unknown) =>
      app.request('/api/test/fault', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await send({ secret: 'Geheim-Luna-4711', email: 'x@y.z' })).status).toBe(500);
    expect((await send({ secret: '', email: 'luna.secret@example.org' })).status).toBe(500);

    const errors = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> });
    const logged = errors.filter((line) => line.msg === 'unexpected error');
    expect(logged).toHaveLength(2);
    const text = lines.join('\n');
    expect(text).not.toContain('Geheim-Luna-4711');
    expect(text).not.toContain('luna.secret@example.org');
    // What is needed to find the fault stays: the SQL (placeholders only) and PostgreSQL's code.
    expect(JSON.stringify(logged[0]?.err)).toContain('22P02');
    expect(JSON.stringify(logged[1]?.err)).toContain('23505');
    expect(JSON.stringify(logged[1]?.err)).toContain('insert into users');
  });
});
