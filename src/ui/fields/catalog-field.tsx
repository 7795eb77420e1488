import { useLingui } from '@lingui/react/macro';
import type { FieldDefinition, FieldType } from '../../../contract/catalog';
import type { Language } from '../../../contract/user-types';
import type { CitySearchLogic } from '../../machines/city-search.machine';
import { errorMessage } from '../error-message';
import { BooleanInput } from './boolean-input';
import { CityInput } from './city-input';
import { DateInput } from './date-input';
import type { WidgetProps } from './field-props';
import { LanguagesInput } from './languages-input';
import { MultiSelect } from './multi-select';
import { NumberInput } from './number-input';
import { SelectInput } from './select-input';
import { TextInput } from './text-input';

/** The widget of each field type. */
const WIDGETS: Record<FieldType, (props: WidgetProps) => React.ReactNode> = {
  text: TextInput,
  textarea: TextInput,
  number: NumberInput,
  date: DateInput,
  boolean: BooleanInput,
  select: SelectInput,
  multiselect: MultiSelect,
  languages: LanguagesInput,
  location: CityInput,
};

export interface CatalogFieldProps {
  field: FieldDefinition;
  id: string;
  value: unknown;
  errors: string[];
  onChange: (value: unknown) => void;
  citySearch: CitySearchLogic;
}

/** One field: label (or legend for groups), help, the widget of its type, and its errors tied to it. */
export function CatalogField({ field, id, value, errors, onChange, citySearch }: CatalogFieldProps) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const label = field.label[language];
  const describedBy =
    [field.help ? `${id}-help` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const grouped = field.type === 'multiselect' || field.type === 'languages';
  const Wrapper = grouped ? 'fieldset' : 'div';
  const Widget = WIDGETS[field.type];
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
      <Widget
        field={field}
        id={id}
        value={value}
        onChange={onChange}
        language={language}
        label={label}
        citySearch={citySearch}
        common={{
          id,
          'aria-invalid': errors.length > 0,
          'aria-describedby': describedBy,
          'aria-required': field.required,
        }}
      />
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field-error">
          {errors.map((code) => errorMessage(i18n, code)).join(' ')}
        </p>
      )}
    </Wrapper>
  );
}
