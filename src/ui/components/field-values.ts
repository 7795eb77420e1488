import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldDefinition, Localized } from '../../../contract/catalog';
import { cityName } from '../../../contract/city-names';
import { phoneForReader } from '../../../contract/phone';
import { formatDay, formatNumber } from './format';
import { languageLevelName } from './language-level';

const lang = (locale: string): 'de' | 'en' => (locale.startsWith('en') ? 'en' : 'de');

/** The catalogue's label of an option key in the UI's language (the key itself when unknown). */
export function optionLabel(field: FieldDefinition | undefined, value: string, locale: string): string {
  const option = field?.options?.find((o) => o.value === value);
  return option ? option.label[lang(locale)] : value;
}

/** A catalogue text (`{ de, en }`) in the UI's language. */
export function localizedText(text: Localized, locale: string): string {
  return text[lang(locale)];
}

/** A field's label in the UI's language. */
export function fieldLabel(field: FieldDefinition, locale: string): string {
  return localizedText(field.label, locale);
}

const yes = msg`yes`;
const no = msg`no`;

/** Whether a catalogue value holds nothing to show. */
export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A profile's or company's value as read-only text, the way the catalogue describes the field; "–" when empty. */
export function valueText(i18n: I18n, field: FieldDefinition, value: unknown): string {
  if (isEmptyValue(value)) return '–';
  switch (field.type) {
    case 'boolean':
      return i18n._(value === true ? yes : no);
    case 'number':
      return typeof value === 'number' ? formatNumber(i18n, value) : String(value);
    case 'date':
      return formatDay(i18n, String(value));
    case 'select':
      return optionLabel(field, String(value), i18n.locale);
    case 'multiselect':
      return (Array.isArray(value) ? value : [value])
        .map((v) => optionLabel(field, String(v), i18n.locale))
        .join(', ');
    case 'languages': {
      const names = new Intl.DisplayNames([i18n.locale], { type: 'language' });
      return (Array.isArray(value) ? value : [])
        .map((entry) => {
          const { language, level } = entry as { language?: string; level?: string };
          const name = (language && names.of(language)) ?? language ?? '';
          return `${name} (${languageLevelName(i18n, level ?? '')})`;
        })
        .join(', ');
    }
    case 'phone':
      return phoneForReader(String(value));
    case 'location': {
      const place = value as { name?: string; country?: string };
      return place.name
        ? [cityName(place.name, lang(i18n.locale)), place.country].filter(Boolean).join(', ')
        : '–';
    }
    default:
      return String(value);
  }
}
