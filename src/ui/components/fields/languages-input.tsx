import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_LEVELS, type LanguageValue } from '../../../../contract/catalog';
import { Button } from '../button';
import { languageLevelName } from '../language-level';
import { Select, sortedByLabel } from '../select';
import type { WidgetProps } from './field-props';

/** The "no language chosen yet" entry of a new row: react-aria's keys cannot be empty. */
const NONE = '__none__';

/** Languages with a level each (CEFR A1–C2 or native). */
export function LanguagesInput({ field, id, value, onChange, language }: WidgetProps) {
  const { t, i18n } = useLingui();
  const rows = Array.isArray(value) ? (value as LanguageValue[]) : [];
  const update = (index: number, row: Partial<LanguageValue>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  const languages = [
    { id: NONE, label: '—' },
    ...sortedByLabel(
      (field.options ?? []).map((o) => ({ id: o.value, label: o.label[language] })),
      language,
    ),
  ];
  const levels = LANGUAGE_LEVELS.map((level) => ({ id: level, label: languageLevelName(i18n, level) }));
  return (
    <div className="languages">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until a language is chosen
        <div className="language-row" key={index}>
          <Select
            id={index === 0 ? id : `${id}-${index}`}
            label={t`Language ${index + 1}`}
            options={languages}
            selectedKey={row.language || NONE}
            onSelectionChange={(key) => update(index, { language: key === NONE ? '' : String(key ?? '') })}
          />
          <Select
            label={t`Level of language ${index + 1}`}
            options={levels}
            selectedKey={row.level}
            onSelectionChange={(key) => update(index, { level: String(key) as LanguageValue['level'] })}
          />
          <Button variant="secondary" onPress={() => onChange(rows.filter((_, i) => i !== index))}>
            <Trans>Remove</Trans>
          </Button>
        </div>
      ))}
      <Button variant="secondary" onPress={() => onChange([...rows, { language: '', level: 'B1' }])}>
        <Trans>Add a language</Trans>
      </Button>
    </div>
  );
}
