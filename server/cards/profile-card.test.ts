import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { referenceNumber } from './candidate-card';
import { fitsStandardFont, renderProfileCard } from './profile-card';

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
      { kind: 'anonymous', reference: referenceNumber('5eed0000-0000-4000-8000-000000000001'), agency },
    );
    const text = await textOf(pdf);
    expect(text).toContain('Łódź');
    expect(text).toContain('1 Jahr');
    expect(text).toContain(referenceNumber('5eed0000-0000-4000-8000-000000000001'));
  });

  it('give a candidate the same short reference every time, and different candidates different ones', () => {
    const id = '5eed0000-0000-4000-8000-000000000001';
    expect(referenceNumber(id)).toMatch(/^MW-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(referenceNumber(id.toUpperCase())).toBe(referenceNumber(id));
    expect(referenceNumber('5eed0000-0000-4000-8000-000000000002')).not.toBe(referenceNumber(id));
  });
});
