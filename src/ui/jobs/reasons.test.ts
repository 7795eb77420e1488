// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../contract/catalog';
import { messages as deMessages } from '../../locales/de.po';
import { messages as enMessages } from '../../locales/en.po';
import { type ReasonItem, reasonText } from './reasons';

const de = setupI18n({ locale: 'de', messages: { de: deMessages } });
const en = setupI18n({ locale: 'en', messages: { en: enMessages } });

const languages = {
  key: 'languages',
  type: 'languages',
  label: { de: 'Sprachen', en: 'Languages' },
} as unknown as FieldDefinition;

const item = (reason: string, params: Record<string, unknown>, key = 'languages'): ReasonItem => ({
  key,
  weight: 3,
  must: true,
  s: 1,
  contribution: 20,
  reason,
  params,
});

describe('match reasons in the reader’s language', () => {
  const languagesMet = item('languages.met', {
    languages: [
      { language: 'de', required: 'C1', actual: 'native' },
      { language: 'en', required: 'B2', actual: null },
    ],
  });

  it('names language levels in German, "native" translated, with spaces between the parts', () => {
    expect(reasonText(de, languagesMet, [languages])).toBe(
      'Sprachen: Deutsch Muttersprache (gefordert: C1), Englisch – (gefordert: B2)',
    );
  });

  it('names them in English likewise', () => {
    expect(reasonText(en, languagesMet, [languages])).toBe(
      'Languages: German native (C1 required), English – (B2 required)',
    );
  });

  it('writes distances with the language’s decimal sign and unit', () => {
    const distance = item('distance.beyond', { km: 391.23, radiusKm: 50 }, 'location');
    expect(reasonText(de, distance, [])).toBe('391,2 km entfernt (Umkreis 50 km)');
    expect(reasonText(en, distance, [])).toBe('391.2 km away (radius 50 km)');
  });

  it('counts late days in the singular and plural, with the start as a date', () => {
    const late = (daysLate: number) =>
      item('date.late', { start: '2026-12-01', available: '2026-12-02', daysLate }, 'start');
    expect(reasonText(de, late(1), [])).toBe('Verfügbar 1 Tag nach Beginn (01.12.2026)');
    expect(reasonText(de, late(12), [])).toBe('Verfügbar 12 Tage nach Beginn (01.12.2026)');
    expect(reasonText(en, late(1), [])).toBe('Available 1 day after the start (Dec 1, 2026)');
  });
});
