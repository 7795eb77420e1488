import { useLingui } from '@lingui/react/macro';
import { Select, sortedByLabel } from '../select';
import { selfLabelled, type WidgetProps } from './field-props';

/** The "none chosen" entry: react-aria's keys cannot be empty. */
const NONE = '__none__';

/** One of the catalogue's options, or none. */
export function SelectInput(props: WidgetProps) {
  const { field, value, onChange, language } = props;
  const { t } = useLingui();
  // An ordinal field's order is its meaning (education levels ascending); any other goes by name.
  const inOrder = <T extends { label: string }>(list: T[]) =>
    field.ordinal ? list : sortedByLabel(list, language);
  const options = [
    { id: NONE, label: t`– none –` },
    ...inOrder((field.options ?? []).map((o) => ({ id: o.value, label: o.label[language] }))),
  ];
  return (
    <Select
      {...selfLabelled(props)}
      options={options}
      selectedKey={typeof value === 'string' && value !== '' ? value : NONE}
      onSelectionChange={(key) => onChange(key === NONE || key === null ? undefined : String(key))}
    />
  );
}
