import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { referenceNumber } from './candidate-card';
import { cardContent, fitsStandardFont, renderProfileCard } from './profile-card';

const agency = {
  name: 'Matchwerk Personaldienste GmbH',
  email: 'kontakt@matchwerk.example',
  phone: '+49 30 1234567-0',
};
const textOf = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

describe('candidate cards', () => {
  it('know which texts the standard font prints (Windows-1252) and which need the Unicode one', () => {
    expect(fitsStandardFont(['Köln', 'Straße', '„Lager“ – 5 € …'])).toBe(true);
    expect(fitsStandardFont(['Zeynep Yılmaz'])).toBe(false);
    expect(fitsStandardFont(['Łódź'])).toBe(false);
  });

  it('print a city beyond Latin-1 on the anonymised card, and its reference', async () => {
    const pdf = await renderProfileCard(
      { values: { city: { name: 'Łódź' }, experience_years: 1 }, fields: [], language: 'de', photo: null },
      { kind: 'anonymised', reference: referenceNumber('5eed0000-0000-4000-8000-000000000001'), agency },
    );
    const text = await textOf(pdf);
    expect(text).toContain('Łódź');
    expect(text).toContain('1 Jahr');
    expect(text).toContain(referenceNumber('5eed0000-0000-4000-8000-000000000001'));
  });

  it('say "immediately" for an availability date gone by, and the date for one to come (issue 42)', () => {
    const availability = (available_from: string, language: 'de' | 'en' = 'de') =>
      cardContent({ values: { available_from }, fields: [], language, today: '2026-11-28' }).rows.find(
        ([label]) => label === (language === 'de' ? 'Verfügbarkeit' : 'Availability'),
      )?.[1];
    expect(availability('2026-03-01')).toBe('sofort');
    expect(availability('2026-11-27', 'en')).toBe('immediately');
    expect(availability('2026-11-28')).toBe('sofort');
    expect(availability('2026-11-29')).toBe('ab 29.11.2026');
    expect(availability('2027-01-15', 'en')).toBe('from 15 Jan 2027');
  });

  it('print no row for what the candidate left empty, and the agency above the name (issue 42)', async () => {
    const content = cardContent(
      {
        values: { experience_years: 3 },
        fields: [],
        language: 'de',
        agency: agency.name,
        today: '2026-11-28',
      },
      { kind: 'full', email: 'anna@example.org', phone: null },
    );
    expect(content.title).toBe('Matchwerk Personaldienste GmbH · Profilkarte');
    expect(content.rows.map(([label]) => label)).toEqual(['Kontakt', 'Berufserfahrung', 'Verfügbarkeit']);
    const text = await textOf(
      await renderProfileCard(
        {
          values: { first_name: 'Anna', experience_years: 3 },
          fields: [],
          language: 'de',
          photo: null,
          agency: agency.name,
        },
        { kind: 'full', email: 'anna@example.org', phone: null },
      ),
    );
    expect(text).toContain('Matchwerk Personaldienste GmbH · Profilkarte');
    expect(text).not.toContain('Ausbildung');
    expect(text).not.toContain('–');
  });

  it('give a candidate the same short reference every time, and different candidates different ones', () => {
    const id = '5eed0000-0000-4000-8000-000000000001';
    expect(referenceNumber(id)).toMatch(/^MW-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(referenceNumber(id.toUpperCase())).toBe(referenceNumber(id));
    expect(referenceNumber('5eed0000-0000-4000-8000-000000000002')).not.toBe(referenceNumber(id));
  });
});
