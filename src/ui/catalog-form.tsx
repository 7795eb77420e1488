import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import {
  type CityHit,
  type CityValue,
  type FieldDefinition,
  LANGUAGE_LEVELS,
  type LanguageValue,
} from '../../contract/catalog';
import type { Language } from '../../contract/user-types';
import { errorMessage } from './error-message';

export interface CatalogFormProps {
  /** The fields to show (one tab's). */
  fields: FieldDefinition[];
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  onChange: (key: string, value: unknown) => void;
  /** City search for location fields (GET /api/catalog/cities). */
  searchCities: (q: string, signal: AbortSignal) => Promise<CityHit[]>;
  idPrefix: string;
}

/** Turns any catalogue into an accessible form (PRODUCT.md §4): the screens only choose the fields. */
export function CatalogForm({ fields, values, errors, onChange, searchCities, idPrefix }: CatalogFormProps) {
  return (
    <div className="catalog-form">
      {fields.map((field) => (
        <CatalogField
          key={field.key}
          field={field}
          id={`${idPrefix}-${field.key}`}
          value={values[field.key]}
          errors={errors[field.key] ?? []}
          onChange={(value) => onChange(field.key, value)}
          searchCities={searchCities}
        />
      ))}
    </div>
  );
}

/** The list of errors above a form, each a link to its field. */
export function ErrorSummary({
  fields,
  errors,
  idPrefix,
  onSelect,
}: {
  fields: FieldDefinition[];
  errors: Record<string, string[]>;
  idPrefix: string;
  onSelect?: (field: FieldDefinition) => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const failing = fields.filter((f) => (errors[f.key] ?? []).length > 0);
  if (failing.length === 0) return null;
  return (
    <div className="error-summary" role="alert">
      <p>
        <Trans>Please check these fields:</Trans>
      </p>
      <ul>
        {failing.map((f) => (
          <li key={f.key}>
            <a
              href={`#${idPrefix}-${f.key}`}
              onClick={() => {
                onSelect?.(f);
              }}
            >
              {f.label[language]}: {errorMessage(i18n, errors[f.key]?.[0])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  field: FieldDefinition;
  id: string;
  value: unknown;
  errors: string[];
  onChange: (value: unknown) => void;
  searchCities: CatalogFormProps['searchCities'];
}

function CatalogField(props: FieldProps) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { field, id, errors } = props;
  const label = field.label[language];
  const describedBy =
    [field.help ? `${id}-help` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const grouped = field.type === 'multiselect' || field.type === 'languages';
  const Wrapper = grouped ? 'fieldset' : 'div';
  return (
    <Wrapper className="field" aria-describedby={grouped ? describedBy : undefined}>
      {grouped ? (
        <legend>
          {label}
          {field.required && <span aria-hidden="true"> *</span>}
        </legend>
      ) : (
        field.type !== 'boolean' && (
          <label htmlFor={id}>
            {label}
            {field.required && <span aria-hidden="true"> *</span>}
          </label>
        )
      )}
      {field.help && (
        <p id={`${id}-help`} className="field-help">
          {field.help[language]}
        </p>
      )}
      <FieldInput {...props} label={label} describedBy={describedBy} language={language} />
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field-error">
          {errors.map((code) => errorMessage(i18n, code)).join(' ')}
        </p>
      )}
    </Wrapper>
  );
}

function FieldInput({
  field,
  id,
  value,
  errors,
  onChange,
  searchCities,
  label,
  describedBy,
  language,
}: FieldProps & { label: string; describedBy: string | undefined; language: Language }) {
  const common = {
    id,
    'aria-invalid': errors.length > 0,
    'aria-describedby': describedBy,
    'aria-required': field.required,
  };
  switch (field.type) {
    case 'text':
      return (
        <input
          {...common}
          type="text"
          maxLength={field.maxLength}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={5}
          maxLength={field.maxLength}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
    case 'date':
      return (
        <input
          {...common}
          type="date"
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      );
    case 'boolean':
      return (
        <label className="checkbox" htmlFor={id}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
      );
    case 'select':
      return (
        <select
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">—</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[language]}
            </option>
          ))}
        </select>
      );
    case 'multiselect':
      return <MultiSelect field={field} id={id} value={value} onChange={onChange} language={language} />;
    case 'languages':
      return <LanguagesInput field={field} id={id} value={value} onChange={onChange} language={language} />;
    case 'location':
      return (
        <CityInput id={id} value={value} onChange={onChange} searchCities={searchCities} common={common} />
      );
  }
}

/** Many options, searchable: a filter box over a list of checkboxes; chosen ones stay on top. */
function MultiSelect({
  field,
  id,
  value,
  onChange,
  language,
}: {
  field: FieldDefinition;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  language: Language;
}) {
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

/** Languages with a level each (CEFR A1–C2 or native). */
function LanguagesInput({
  field,
  id,
  value,
  onChange,
  language,
}: {
  field: FieldDefinition;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  language: Language;
}) {
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

/** A city, searched as the user types (prefix, accents ignored, larger cities first). */
function CityInput({
  id,
  value,
  onChange,
  searchCities,
  common,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  searchCities: CatalogFormProps['searchCities'];
  common: Record<string, unknown>;
}) {
  const { t } = useLingui();
  const city = value && typeof value === 'object' ? (value as CityValue) : null;
  const [query, setQuery] = useState(city?.name ?? '');
  const [hits, setHits] = useState<CityHit[]>([]);
  const listId = useId();
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2 || q === city?.name) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchCities(q, controller.signal).then(setHits, () => setHits([]));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, city?.name, searchCities]);
  return (
    <div className="city-input">
      <input
        {...common}
        id={id}
        type="text"
        autoComplete="off"
        aria-controls={listId}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {city && (
        <p className="muted">
          {city.name} ({city.country})
        </p>
      )}
      <ul id={listId} className="city-hits" aria-label={t`Matching cities`}>
        {hits.map((hit) => (
          <li key={hit.id}>
            <button
              type="button"
              onClick={() => {
                onChange({ lat: hit.lat, lng: hit.lng, name: hit.name, country: hit.country, id: hit.id });
                setQuery(hit.name);
                setHits([]);
              }}
            >
              {hit.name} ({hit.country})
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
