import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LegalText } from '../../../contract/legal';

const TITLES = {
  'terms-conditions': msg`Terms and conditions`,
  impressum: msg`Legal notice`,
  datenschutz: msg`Privacy policy`,
  'condition-agreements': msg`Conditions of agreement`,
} as const;

/** The title of a legal text in the user's language: one list for footer, pages and the consent prompt. */
export function legalTitle(i18n: I18n, name: LegalText): string {
  return i18n._(TITLES[name]);
}

/** "1. November 2026" / "November 1, 2026" for a version (an ISO date). */
export function legalVersionDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}
