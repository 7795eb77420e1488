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

/** A calendar day from an ISO date ("2026-11-01" → "01.11.2026" / "1 Nov 2026"); other text unchanged. */
export function formatDay(i18n: I18n, isoDate: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return i18n.date(date, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A number from unknown data (a reason's params): formatted when it is one, as given otherwise. */
export function formatValue(i18n: I18n, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(i18n, value);
  return value === null || value === undefined ? '–' : String(value);
}
