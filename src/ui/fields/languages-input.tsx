import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_LEVELS, type LanguageValue } from '../../../contract/catalog';
import type { WidgetProps } from './field-props';

/** Languages with a level each (CEFR A1–C2 or native). */
export function LanguagesInput({ field, id, value, onChange, language }: WidgetProps) {
  const { t } = useLingui();
  const rows = Array.isArray(value) ? (value as LanguageValue[]) : [];
  const update = (index: number, row: Partial<LanguageValue>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  const levelName = (level: string) => (level === 'native' ? t`native` : level);
  return (
    <div className="languages">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until a language is chosen
        <div className="language-row" key={index}>
          <select
            id={index === 0 ? id : `${id}-${index}`}
            aria-label={t`Language ${index + 1}`}
            value={row.language}
            onChange={(e) => update(index, { language: e.target.value })}
          >
            <option value="">—</option>
            {(field.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label[language]}
              </option>
            ))}
          </select>
          <select
            aria-label={t`Level of language ${index + 1}`}
            value={row.level}
            onChange={(e) => update(index, { level: e.target.value as LanguageValue['level'] })}
          >
            {LANGUAGE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {levelName(level)}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            <Trans>Remove</Trans>
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { language: '', level: 'B1' }])}>
        <Trans>Add a language</Trans>
      </button>
    </div>
  );
}
