import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WidgetProps } from './field-props';

/** Many options, searchable: a filter box over a list of checkboxes; chosen ones stay on top. */
export function MultiSelect({ field, id, value, onChange, language }: WidgetProps) {
  const { t } = useLingui();
  const chosen = Array.isArray(value) ? (value as string[]) : [];
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
        <input
          id={id}
          type="search"
          className="multiselect-filter"
          aria-label={t`Filter ${field.label[language]}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <ul className="multiselect-options">
        {options.map((o) => (
          <li key={o.value}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />{' '}
              {o.label[language]}
            </label>
          </li>
        ))}
      </ul>
      <p className="muted" aria-live="polite">
        <Trans>{chosen.length} chosen</Trans>
      </p>
    </div>
  );
}
