import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileFixture } from './profile-test-kit';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let f: Awaited<ReturnType<typeof createProfileFixture>>;

beforeAll(async () => {
  f = await createProfileFixture();
});
afterAll(() => f.close());

const values = {
  first_name: 'Zeynep',
  last_name: 'Yılmaz',
  city: { id: 2886242 },
  occupation: 'warehouse_worker',
  skills: ['forklift_licence', 'order_picking'],
  languages: [
    { language: 'de', level: 'C1' },
    { language: 'tr', level: 'native' },
  ],
  // 1 March of next year: a date still to come (a day gone by reads "sofort", issue 42).
  available_from: `${NEXT_YEAR}-03-01`,
};

async function cardText(token: string): Promise<string> {
  const res = await f.request('GET', '/api/profile/card/pdf', token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('GET /api/profile/card/pdf', () => {
  it('holds name, occupation, city, skills, languages and availability in German', async () => {
    const token = await f.signIn('de@card.test', 'stella', 'de');
    await f.request('PUT', '/api/profile', token, { values, version: 0 });
    const text = await cardText(token);
    for (const part of [
      'Zeynep Yılmaz',
      'Profilkarte',
      'Köln',
      'Staplerschein',
      'Kommissionierung',
      'Türkisch (Muttersprache)',
      `ab 01.03.${NEXT_YEAR}`,
    ])
      expect(text).toContain(part);
  });

  it('holds the same in English for an English-speaking user', async () => {
    const token = await f.signIn('en@card.test', 'stella', 'en');
    await f.request('PUT', '/api/profile', token, { values, version: 0 });
    const text = await cardText(token);
    for (const part of [
      'Zeynep Yılmaz',
      'Profile card',
      'Forklift licence',
      'Order picking',
      'Turkish (native)',
      `from 1 Mar ${NEXT_YEAR}`,
    ])
      expect(text).toContain(part);
  });

  it('embeds the photo and is A4', async () => {
    const token = await f.signIn('photo@card.test', 'stella', 'de');
    await f.request('PUT', '/api/profile', token, { values, version: 0 });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    form.append('data', new File([new Uint8Array(jpeg)], 'me.jpg'));
    await f.app.request('/api/profile/photo', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const res = await f.request('GET', '/api/profile/card/pdf', token);
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width!), Math.round(height!)]).toEqual([595, 842]);
    expect(
      Buffer.from(await (await f.request('GET', '/api/profile/card/pdf', token)).arrayBuffer()).includes(
        Buffer.from('/Subtype /Image'),
      ),
    ).toBe(true);
  });

  it('is the caller own card: user B never gets user A name', async () => {
    const a = await f.signIn('a@card.test', 'stella', 'de');
    const b = await f.signIn('b@card.test', 'stella', 'de');
    await f.request('PUT', '/api/profile', a, { values, version: 0 });
    const text = await cardText(b);
    expect(text).not.toContain('Zeynep');
    expect((await f.app.request('/api/profile/card/pdf')).status).toBe(401);
  });

  it('is a company card for a company: name, legal form, industry, size, location, website, description', async () => {
    const token = await f.signIn('co@card.test', 'company', 'de');
    const saved = await f.request('PUT', '/api/company', token, {
      values: {
        name: 'Rheinwerk Logistik GmbH',
        legal_form: 'gmbh',
        industry: 'logistics',
        size: 'medium',
        city: { id: 2886242 },
        website: 'https://rheinwerk-logistik.example',
        description: 'Kontraktlogistik an fünf Standorten.',
      },
      version: 0,
    });
    expect(saved.status).toBe(200);
    const res = await f.request('GET', '/api/profile/card/pdf', token);
    expect(res.headers.get('content-disposition')).toContain('unternehmenskarte.pdf');
    const text = await cardText(token);
    for (const part of [
      'Unternehmenskarte',
      'Rheinwerk Logistik GmbH',
      'Logistik und Transport',
      '50–249 Beschäftigte',
      'Köln',
      'https://rheinwerk-logistik.example',
      'Kontraktlogistik an fünf Standorten.',
    ])
      expect(text).toContain(part);
    // Nothing of a candidate's card: no empty person rows.
    for (const absent of ['Profilkarte', 'Kenntnisse', 'Verfügbarkeit']) expect(text).not.toContain(absent);
  });
});
