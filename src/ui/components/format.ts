import type { I18n } from '@lingui/core';

/**
 * Every number and date the UI shows goes through here, so German reads "41,7", "100" and
 * "391,2 km" and English "41.7", "100" and "391.2 km" (Intl in the UI language via Lingui's i18n).
 */

/** A score or other measured figure: at most one decimal, none when it is whole ("100", "41,7"). */
export function formatScore(i18n: I18n, value: number): string {
  return i18n.number(value, { maximumFractionDigits: 1 });
}

/** A plain count or amount in the UI language ("1.208" / "1,208"). */
export function formatNumber(i18n: I18n, value: number): string {
  return i18n.number(value, { maximumFractionDigits: 2 });
}

/** A distance in kilometres, one decimal at most ("391,2 km"). */
export function formatKm(i18n: I18n, km: number): string {
  return i18n.number(km, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
}

/** A share out of 100 as each language writes it ("100 %" with a non-breaking space in German, "100%" in English). */
export function formatPercent(i18n: I18n, percent: number): string {
  return i18n.number(percent / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** A calendar day from an ISO date ("2026-11-01" → "01.11.2026" / "1 Nov 2026"); other text unchanged. */
export function formatDay(i18n: I18n, isoDate: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return i18n.date(date, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A time of day `HH:MM` (a follow-up's) as the UI language writes it ("16:00" / "4:00 PM"); other text unchanged. */
export function formatTimeOfDay(i18n: I18n, time: string): string {
  if (!/^\d{2}:\d{2}$/.test(time)) return time;
  return i18n.date(new Date(`1970-01-01T${time}:00Z`), { timeStyle: 'short', timeZone: 'UTC' });
}

/** The day of a moment (an ISO timestamp or a Date) in the UI language and the user's time zone ("24.11.2026" / "Nov 24, 2026"). */
export function formatDate(i18n: I18n, moment: string | Date): string {
  return i18n.date(new Date(moment), { dateStyle: 'medium' });
}

/** A moment (an ISO timestamp) as day and time in the UI language and the user's time zone. */
export function formatMoment(i18n: I18n, iso: string): string {
  return i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A number from unknown data (a reason's params): formatted when it is one, as given otherwise. */
export function formatValue(i18n: I18n, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(i18n, value);
  return value === null || value === undefined ? '–' : String(value);
}

// ITU country calling codes of two digits (the ones of one digit are 1 and 7; all others have three).
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/**
 * A phone number (E.164) as a page may show it to someone who has not finished logging in: the
 * country code, the first three digits and the last two ("+49 151 ••• ••89"). Anything else is
 * masked whole.
 */
/** A countdown's seconds as minutes and seconds: 42 → "0:42", 125 → "2:05". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function maskPhone(e164: string): string {
  const digits = /^\+(\d{6,15})$/.exec(e164.replace(/[\s()-]/g, ''))?.[1];
  if (!digits) return '••••';
  const codeLength =
    digits[0] === '1' || digits[0] === '7' ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  const national = digits.slice(codeLength);
  const rest = `${'•'.repeat(Math.max(0, national.length - 5))}${national.slice(-2)}`;
  // "••• ••89": groups of four from the end, a short rest as one group.
  const groups: string[] = [];
  if (rest.length <= 5) groups.push(rest);
  else for (let end = rest.length; end > 0; end -= 4) groups.unshift(rest.slice(Math.max(0, end - 4), end));
  return [`+${digits.slice(0, codeLength)}`, national.slice(0, 3), ...groups].join(' ');
}
