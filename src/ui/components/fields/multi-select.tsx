import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { Checkbox } from '../checkbox';
import type { WidgetProps } from './field-props';

/** Many options, searchable: a filter box over a list of checkboxes; chosen ones stay on top. */
export function MultiSelect({ field, id, value, onChange, language }: WidgetProps) {
  const { t } = useLingui();
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  // What the user typed into the filter: how the list is shown, not data.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase(language);
  const options = (field.options ?? []).filter(
    (o) =>
      chosen.includes(o.value) || !needle || o.label[language].toLocaleLowerCase(language).includes(needle),
  );
  const toggle = (optionValue: string, on: boolean) =>
    onChange(on ? [...chosen, optionValue] : chosen.filter((c) => c !== optionValue));
  return (
    <div className="multiselect">
      {(field.options ?? []).length > 8 && (
        <SearchField
          id={id}
          className="multiselect-filter"
          aria-label={t`Filter ${field.label[language]}`}
          value={filter}
          onChange={setFilter}
        >
          <Input className="rac-input" />
        </SearchField>
      )}
      <ul className="multiselect-options">
        {options.map((o) => (
          <li key={o.value}>
            <Checkbox isSelected={chosen.includes(o.value)} onChange={(on) => toggle(o.value, on)}>
              {o.label[language]}
            </Checkbox>
          </li>
        ))}
      </ul>
      <p className="muted" aria-live="polite">
        <Trans>{chosen.length} chosen</Trans>
      </p>
    </div>
  );
}
