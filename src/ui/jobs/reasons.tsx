import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { FieldDefinition } from '../../../contract/catalog';
import type { Language } from '../../../contract/user-types';
import { formatDay, formatKm, formatValue } from '../components/format';
import { languageLevelName } from '../components/language-level';

/** A stored breakdown item (contract/job's BreakdownItemSchema): the reason code with its params. */
export interface ReasonItem {
  key: string;
  weight: number;
  must: boolean;
  s: number;
  contribution: number;
  reason: string;
  params: Record<string, unknown>;
}

const list = (xs: unknown): string[] => (Array.isArray(xs) ? xs.map(String) : []);

// One `Intl.DisplayNames` per reader's language: creating one for each reason was a noticeable part of
// drawing the twenty result rows on a phone (issue 43).
const displayNames = new Map<string, Intl.DisplayNames>();

function languageNameIn(language: string, code: string): string {
  try {
    let names = displayNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'language' });
      displayNames.set(language, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "3 of 4 skills: TypeScript, React, SQL — missing: Go": one criterion's outcome in the reader's language. */
export function reasonText(i18n: I18n, item: ReasonItem, fields: FieldDefinition[]): string {
  const language = i18n.locale as Language;
  const field = fields.find((f) => f.key === item.key);
  const label = field?.label[language] ?? item.key;
  const option = (value: string) => field?.options?.find((o) => o.value === value)?.label[language] ?? value;
  const names = (xs: unknown) => list(xs).map(option).join(', ');
  const languageName = (code: string) => languageNameIn(language, code);
  const p = item.params;
  switch (item.reason) {
    case 'overlap.all':
    case 'overlap.some':
    case 'overlap.none': {
      const matched = list(p.matched);
      const missing = list(p.missing);
      const total = matched.length + missing.length;
      const have = i18n._(msg`${matched.length} of ${total} ${label}`);
      const parts = [matched.length > 0 ? `${have}: ${names(matched)}` : have];
      if (missing.length > 0) parts.push(i18n._(msg`missing: ${names(missing)}`));
      return parts.join(' — ');
    }
    case 'any_of.match':
      return `${label}: ${names(p.matched)}`;
    case 'any_of.none':
      return i18n._(msg`${label}: none of the wanted (has ${names(p.actual) || '–'})`);
    case 'level.met':
    case 'level.below':
      return i18n._(msg`${label}: ${option(String(p.actual))} (required: ${option(String(p.required))})`);
    case 'languages.met':
    case 'languages.below': {
      const outcomes = Array.isArray(p.languages) ? (p.languages as Record<string, unknown>[]) : [];
      return `${label}: ${outcomes
        .map((o) =>
          i18n._(
            msg`${languageName(String(o.language))} ${o.actual == null ? '–' : languageLevelName(i18n, String(o.actual))} (${languageLevelName(i18n, String(o.required))} required)`,
          ),
        )
        .join(', ')}`;
    }
    case 'at_least.met':
    case 'at_least.below':
      return i18n._(msg`${label}: ${formatValue(i18n, p.actual)} (at least ${formatValue(i18n, p.min)})`);
    case 'distance.within':
    case 'distance.beyond':
      return i18n._(msg`${formatKm(i18n, Number(p.km))} away (radius ${formatKm(i18n, Number(p.radiusKm))})`);
    case 'date.on_time':
      return i18n._(
        msg`Available from ${formatDay(i18n, String(p.available))} (start ${formatDay(i18n, String(p.start))})`,
      );
    case 'date.late':
      return i18n._(
        msg`Available ${plural(Number(p.daysLate), { one: '# day', other: '# days' })} after the start (${formatDay(i18n, String(p.start))})`,
      );
    case 'at_most.met':
    case 'at_most.above':
      return i18n._(msg`${label}: ${formatValue(i18n, p.actual)} (at most ${formatValue(i18n, p.max)})`);
    default:
      return i18n._(msg`${label}: not given in the profile`);
  }
}
