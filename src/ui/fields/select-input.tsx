import { useLingui } from '@lingui/react/macro';
import { Select } from '../components/select';
import type { WidgetProps } from './field-props';

/** The "none chosen" entry: react-aria's keys cannot be empty. */
const NONE = '__none__';

/** One of the catalogue's options, or none. */
export function SelectInput({
  field,
  id,
  value,
  onChange,
  language,
  labelNode,
  help,
  errorText,
}: WidgetProps) {
  const { t } = useLingui();
  const options = [
    { id: NONE, label: t`– none –` },
    ...(field.options ?? []).map((o) => ({ id: o.value, label: o.label[language] })),
  ];
  return (
    <Select
      id={id}
      label={labelNode}
      description={help}
      errorMessage={errorText}
      isRequired={field.required}
      validationBehavior="aria"
      options={options}
      selectedKey={typeof value === 'string' && value !== '' ? value : NONE}
      onSelectionChange={(key) => onChange(key === NONE || key === null ? undefined : String(key))}
    />
  );
}
