import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Agency, ConsentsResponse, LegalIndex, LegalTextResponse } from '../../contract/legal';
import { legalAcceptances } from '../db/schema/registration';
import { currentLegalVersions } from '../legal/texts';
import { accountFixturePerFile, errorOf, registration } from './account-test-kit';

const f = accountFixturePerFile();

const current = currentLegalVersions();

async function consents(token: string): Promise<ConsentsResponse> {
  const res = await f.call('GET', '/api/user/consents', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentsResponse;
}

describe('GET /api/public/agency', () => {
  it('answers the agency the Impressum names, to anyone, signed in or not', async () => {
    const impressum = (await (
      await f.call('GET', '/api/public/text/impressum?language=de')
    ).json()) as LegalTextResponse;
    const res = await f.call('GET', '/api/public/agency');
    expect(res.status).toBe(200);
    const agency = (await res.json()) as Agency;
    expect(Object.keys(agency).sort()).toEqual(['address', 'email', 'name', 'phone', 'representative']);
    for (const value of Object.values(agency)) expect(impressum.markdown).toContain(value);
    expect(agency.name).toBe('Matchwerk Personaldienste GmbH');
    // The same for every role signed in: the page is public, a token changes nothing.
    for (const email of [
      'agent@matchwerk.example',
      'senior@matchwerk.example',
      'company@matchwerk.example',
      'stella@matchwerk.example',
      'luna@matchwerk.example',
    ]) {
      const signed = await f.call('GET', '/api/public/agency', { token: await f.tokenFor(email) });
      expect(signed.status, email).toBe(200);
      expect(await signed.json(), email).toEqual(agency);
    }
  });
});

describe('GET /api/public/text/{name}', () => {
  it('answers the German text in force with the agency from the configuration, as Markdown and escaped HTML', async () => {
    const res = await f.call('GET', '/api/public/text/impressum?language=de');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('de');
    const body = (await res.json()) as LegalTextResponse;
    expect(body).toMatchObject({
      name: 'impressum',
      version: current.impressum,
      language: 'de',
      requiresAcceptance: false,
    });
    expect(body.markdown).toMatch(/^# Impressum/);
    expect(body.markdown).toContain('Matchwerk Personaldienste GmbH');
    expect(body.html).toContain('<h1>Impressum</h1>');
    expect(body.html).toContain('href="mailto:kontakt@matchwerk.example"');
  });

  it('answers English on ?language=en and every text exists in both languages', async () => {
    for (const name of ['terms-conditions', 'impressum', 'datenschutz', 'condition-agreements']) {
      for (const language of ['de', 'en']) {
        const res = await f.call('GET', `/api/public/text/${name}?language=${language}`);
        expect(res.status, `${name} ${language}`).toBe(200);
        expect(((await res.json()) as LegalTextResponse).language).toBe(language);
      }
    }
    const en = (await (
      await f.call('GET', '/api/public/text/terms-conditions?language=en')
    ).json()) as LegalTextResponse;
    expect(en.markdown).toMatch(/^# Terms of use/);
    expect(en.requiresAcceptance).toBe(true);
  });

  it('answers 404 legal.unknown_text for an unknown name', async () => {
    for (const name of ['agb', 'IMPRESSUM', '__proto__', 'toString', '..%2Fimpressum']) {
      const res = await f.call('GET', `/api/public/text/${name}?language=de`);
      expect(res.status, name).toBe(404);
      expect((await errorOf(res)).code).toBe('legal.unknown_text');
    }
  });

  it('answers 400 language.unsupported for a missing or unknown language', async () => {
    for (const query of ['', '?language=fr', '?language=DE', '?language=de&language=en']) {
      const res = await f.call('GET', `/api/public/text/impressum${query}`);
      expect(res.status, query).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'request.invalid',
        fields: { language: ['language.unsupported'] },
      });
    }
  });
});

describe('GET /api/public/text', () => {
  it('lists every text with its version in force and whether it must be accepted', async () => {
    const res = await f.call('GET', '/api/public/text');
    expect(res.status).toBe(200);
    expect(((await res.json()) as LegalIndex).texts).toEqual([
      { name: 'terms-conditions', version: current['terms-conditions'], requiresAcceptance: true },
      { name: 'impressum', version: current.impressum, requiresAcceptance: false },
      { name: 'datenschutz', version: current.datenschutz, requiresAcceptance: false },
      { name: 'condition-agreements', version: current['condition-agreements'], requiresAcceptance: true },
    ]);
  });
});

describe('consents and re-acceptance', () => {
  async function registered(email: string) {
    const res = await f.call('PUT', '/api/public/user/create', { body: registration(email) });
    expect(res.status).toBe(201);
    const user = await f.userByEmail(email);
    if (!user) throw new Error('not registered');
    return { id: user.id, token: await f.tokenFor(email) };
  }

  it('registration records the versions in force and nothing is outdated', async () => {
    const { token } = await registered('fresh@example.com');
    const body = await consents(token);
    expect(body.mustAccept).toBe(false);
    expect(body.consents.find((c) => c.name === 'terms-conditions')).toMatchObject({
      currentVersion: current['terms-conditions'],
      acceptedVersion: current['terms-conditions'],
      acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requiresAcceptance: true,
      outdated: false,
    });
    expect(body.consents.find((c) => c.name === 'impressum')).toMatchObject({
      acceptedVersion: null,
      acceptedAt: null,
      requiresAcceptance: false,
      outdated: false,
    });
  });

  it('an older accepted version of the terms is outdated and asks again; accepting the current one clears it', async () => {
    const { id, token } = await registered('older@example.com');
    await f.db.db
      .update(legalAcceptances)
      .set({ version: '2020-01-01' })
      .where(and(eq(legalAcceptances.userId, id), eq(legalAcceptances.text, 'terms-conditions')));
    const before = await consents(token);
    expect(before.mustAccept).toBe(true);
    expect(before.consents.find((c) => c.name === 'terms-conditions')).toMatchObject({
      acceptedVersion: '2020-01-01',
      outdated: true,
    });

    f.advance(60_000);
    const res = await f.call('POST', '/api/user/accept', {
      token,
      body: { name: 'terms-conditions', version: current['terms-conditions'] },
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as ConsentsResponse;
    expect(after.mustAccept).toBe(false);
    expect(after.consents.find((c) => c.name === 'terms-conditions')).toMatchObject({
      acceptedVersion: current['terms-conditions'],
      acceptedAt: new Date(f.clock.now).toISOString(),
      outdated: false,
    });
    expect(await consents(token)).toEqual(after);
  });

  it('a missing acceptance of a required text asks too (accounts from before the texts existed)', async () => {
    const { id, token } = await registered('missing@example.com');
    await f.db.db
      .delete(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, id), eq(legalAcceptances.text, 'condition-agreements')));
    const body = await consents(token);
    expect(body.mustAccept).toBe(true);
    expect(body.consents.find((c) => c.name === 'condition-agreements')).toMatchObject({
      acceptedVersion: null,
      outdated: false,
    });
  });

  it('refuses a version that is not in force with 409 legal.version_outdated and changes nothing', async () => {
    const { id, token } = await registered('stale@example.com');
    const res = await f.call('POST', '/api/user/accept', {
      token,
      body: { name: 'terms-conditions', version: '2001-01-01' },
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('legal.version_outdated');
    const rows = await f.db.db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, id));
    expect(rows.find((r) => r.text === 'terms-conditions')?.version).toBe(current['terms-conditions']);
  });

  it('refuses bad bodies with field codes, and anonymous callers with 401', async () => {
    const { token } = await registered('bad@example.com');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: 'agb', version: current.impressum }, { name: ['legal.unknown_text'] }],
      [{ name: 'impressum' }, { version: ['field.required'] }],
      ['terms', { _: ['field.invalid_type'] }],
      [{ name: 'impressum', version: '' }, { version: ['legal.version_required'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await f.call('POST', '/api/user/accept', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields).toEqual(fields);
    }
    expect((await f.call('GET', '/api/user/consents')).status).toBe(401);
    expect(
      (await f.call('POST', '/api/user/accept', { body: { name: 'impressum', version: 'x' } })).status,
    ).toBe(401);
  });
});

describe('consents of the demo accounts and of agents', () => {
  it('the demo candidates and companies accepted the texts in force; agents are never asked', async () => {
    for (const email of ['stella@matchwerk.example', 'company@matchwerk.example']) {
      expect((await consents(await f.tokenFor(email))).mustAccept, email).toBe(false);
    }
    const agent = await f.tokenFor('agent@matchwerk.example');
    const agentId = (await f.userByEmail('agent@matchwerk.example'))?.id as string;
    await f.db.db.delete(legalAcceptances).where(eq(legalAcceptances.userId, agentId));
    expect((await consents(agent)).mustAccept).toBe(false);
  });
});
