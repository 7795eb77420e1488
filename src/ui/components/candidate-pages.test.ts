import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../contract/catalog';
import { candidatePage, candidateTypeLabel, recordPage } from './candidate-pages';

const jobFields = [
  {
    key: 'target_types',
    type: 'multiselect',
    label: { de: 'Zielgruppen', en: 'Target groups' },
    options: [
      { value: 'stella', label: { de: 'Stella (geprüfte/r Kandidat/in)', en: 'Stella (vetted candidate)' } },
      { value: 'luna', label: { de: 'Luna (arbeitssuchend)', en: 'Luna (looking for work)' } },
    ],
  },
] as FieldDefinition[];

describe('candidate pages and type names', () => {
  it("leads to each candidate type's page, and to none for another user type", () => {
    expect(candidatePage('stella')).toBe('/stellas/view/$uuid');
    expect(candidatePage('luna')).toBe('/lunas/view/$uuid');
    expect(candidatePage('nova')).toBe('/novas/view/$uuid');
    expect(candidatePage('company')).toBeNull();
    expect(candidatePage('toString')).toBeNull();
  });

  it("leads to a record's page: a candidate's per type or a company's", () => {
    expect(recordPage('nova')).toBe('/novas/view/$uuid');
    expect(recordPage('company')).toBe('/companies/view/$uuid');
    expect(recordPage('agent')).toBeNull();
  });

  it("names a type in the reader's language with the catalogue's label, never its key", () => {
    expect(candidateTypeLabel(jobFields, 'stella', 'de')).toBe('Stella (geprüfte/r Kandidat/in)');
    expect(candidateTypeLabel(jobFields, 'luna', 'en-GB')).toBe('Luna (looking for work)');
    // A type the catalogue does not name shows as it is rather than not at all.
    expect(candidateTypeLabel(jobFields, 'nova', 'de')).toBe('nova');
  });
});
