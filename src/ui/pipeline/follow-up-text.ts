import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDay, formatTimeOfDay } from '../components/format';

/** A follow-up's day, with its time if it has one, in the UI language ("24.11.2026 um 16:00"). */
export function followUpWhen(i18n: I18n, day: string, time: string | null | undefined): string {
  const date = formatDay(i18n, day);
  if (!time) return date;
  const clock = formatTimeOfDay(i18n, time);
  return i18n._(msg`${date} at ${clock}`);
}
