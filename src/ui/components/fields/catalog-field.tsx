import { useLingui } from '@lingui/react/macro';
import type { FieldDefinition, FieldType } from '../../../../contract/catalog';
import type { Language } from '../../../../contract/user-types';
import type { CitySearchLogic } from '../../../machines/shared/city-search.machine';
import { errorMessage } from '../error-message';
import { BooleanInput } from './boolean-input';
import { CityInput } from './city-input';
import { DateInput } from './date-input';
import type { WidgetProps } from './field-props';
import { LanguagesInput } from './languages-input';
import { MultiSelect } from './multi-select';
import { NumberInput } from './number-input';
import { PhoneInput } from './phone-input';
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
  phone: PhoneInput,
};

export interface CatalogFieldProps {
  field: FieldDefinition;
  id: string;
  value: unknown;
  errors: string[];
  onChange: (value: unknown) => void;
  citySearch: CitySearchLogic;
}

/** Widgets that carry their own label, help and error (the component set's fields). */
const SELF_LABELLED: ReadonlySet<FieldType> = new Set([
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'multiselect',
  'phone',
]);

/** One field: label (or legend for groups), help, the widget of its type, and its errors tied to it. */
export function CatalogField({ field, id, value, errors, onChange, citySearch }: CatalogFieldProps) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const label = field.label[language];
  const labelNode = (
    <>
      {label}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
  const help = field.help?.[language];
  const errorText = errors.length ? errors.map((code) => errorMessage(i18n, code)).join(' ') : undefined;
  const Widget = WIDGETS[field.type];
  const widget = (
    <Widget
      field={field}
      id={id}
      value={value}
      onChange={onChange}
      language={language}
      label={label}
      labelNode={labelNode}
      help={help}
      errorText={errorText}
      citySearch={citySearch}
      common={{
        id,
        'aria-invalid': errors.length > 0,
        'aria-describedby':
          [help ? `${id}-help` : '', errorText ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
        'aria-required': field.required,
      }}
    />
  );
  if (SELF_LABELLED.has(field.type)) return <div className="field">{widget}</div>;
  const describedBy =
    [help ? `${id}-help` : '', errorText ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const grouped = field.type === 'languages';
  const Wrapper = grouped ? 'fieldset' : 'div';
  return (
    <Wrapper className="field" aria-describedby={grouped ? describedBy : undefined}>
      {grouped ? (
        <legend>{labelNode}</legend>
      ) : (
        field.type !== 'boolean' && <label htmlFor={id}>{labelNode}</label>
      )}
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
      {widget}
      {errorText && (
        <p id={`${id}-error`} className="field-error">
          {errorText}
        </p>
      )}
    </Wrapper>
  );
}
