import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldDefinition } from '../../../contract/catalog';
import type { Language } from '../../../contract/user-types';
import type { CitySearchLogic } from '../../machines/shared/city-search.machine';
import { errorMessage } from './error-message';
import { CatalogField } from './fields/catalog-field';

export interface CatalogFormProps {
  /** The fields to show (one tab's). */
  fields: FieldDefinition[];
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  onChange: (key: string, value: unknown) => void;
  /** The city search machine for location fields (`citySearch(logic)`, src/machines/shared/city-search-actors.ts). */
  citySearch: CitySearchLogic;
  idPrefix: string;
}

/** Turns any catalogue into an accessible form (PRODUCT.md §4): the screens only choose the fields. */
export function CatalogForm({ fields, values, errors, onChange, citySearch, idPrefix }: CatalogFormProps) {
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
          citySearch={citySearch}
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
