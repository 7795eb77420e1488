// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDay,
  formatKm,
  formatNumber,
  formatPercent,
  formatScore,
  formatTimeOfDay,
  formatValue,
  maskPhone,
} from './format';

const de = setupI18n({ locale: 'de', messages: { de: {} } });
const en = setupI18n({ locale: 'en', messages: { en: {} } });

describe('numbers and dates in the UI language', () => {
  it('writes scores with a decimal comma in German and a point in English, no ".0" on whole ones', () => {
    expect(formatScore(de, 41.66)).toBe('41,7');
    expect(formatScore(en, 41.66)).toBe('41.7');
    expect(formatScore(de, 100)).toBe('100');
    expect(formatScore(en, 100)).toBe('100');
  });

  it('writes distances with the unit in either language', () => {
    expect(formatKm(de, 391.23)).toBe('391,2 km');
    expect(formatKm(en, 391.23)).toBe('391.2 km');
  });

  it('writes a share with a gap before "%" in German and none in English', () => {
    expect(formatPercent(de, 100)).toBe('100\u00a0%');
    expect(formatPercent(en, 100)).toBe('100%');
    expect(formatPercent(en, 40)).toBe('40%');
  });

  it('groups thousands the way each language does', () => {
    expect(formatNumber(de, 1208.5)).toBe('1.208,5');
    expect(formatNumber(en, 1208.5)).toBe('1,208.5');
  });

  it('writes an ISO day as a date of the language, whatever the time zone', () => {
    expect(formatDay(de, '2026-11-01')).toBe('01.11.2026');
    expect(formatDay(en, '2026-11-01')).toBe('Nov 1, 2026');
    expect(formatDay(de, 'soon')).toBe('soon');
  });

  it('writes the day of a moment as a medium date of the language, from a timestamp or a Date', () => {
    // Midday UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatDate(de, '2026-11-24T12:00:00Z')).toBe('24.11.2026');
    expect(formatDate(en, '2026-11-24T12:00:00Z')).toBe('Nov 24, 2026');
    expect(formatDate(de, new Date('2026-03-05T12:00:00Z'))).toBe('05.03.2026');
    expect(formatDate(en, new Date('2026-03-05T12:00:00Z'))).toBe('Mar 5, 2026');
  });

  it('formats a number among unknown values and passes other values through', () => {
    expect(formatValue(de, 2.5)).toBe('2,5');
    expect(formatValue(en, 2.5)).toBe('2.5');
    expect(formatValue(de, 'B2')).toBe('B2');
    expect(formatValue(de, null)).toBe('–');
  });
});

describe('a phone number on the SMS page', () => {
  it('shows the country code, the first three and the last two digits only', () => {
    expect(maskPhone('+491511234589')).toBe('+49 151 ••• ••89');
    expect(maskPhone('+4915112345689')).toBe('+49 151 •••• ••89');
    expect(maskPhone('+4917612389')).toBe('+49 176 •••89');
    expect(maskPhone('+12025550147')).toBe('+1 202 ••• ••47');
    expect(maskPhone('+35312345678')).toBe('+353 123 •••78');
  });

  it('hides a number it cannot read entirely', () => {
    expect(maskPhone('0151 123')).toBe('••••');
  });
});

describe('a follow-up’s time of day (issue 42 major 4)', () => {
  it('is written as the reader’s language writes it, whatever the time zone', () => {
    expect(formatTimeOfDay(de, '16:00')).toBe('16:00');
    expect(formatTimeOfDay(en, '16:00')).toBe('4:00 PM');
    expect(formatTimeOfDay(de, '09:05')).toBe('09:05');
    expect(formatTimeOfDay(en, 'später')).toBe('später');
  });
});
