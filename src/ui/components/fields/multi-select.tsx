import { sortedByLabel } from '../select';
import { TagPicker } from '../tag-picker';
import { selfLabelled, type WidgetProps } from './field-props';

/** Many options (PRODUCT.md §4 multiselect): a searchable tag picker, options by their names in the user's language. */
export function MultiSelect(props: WidgetProps) {
  const { field, value, onChange, language, label } = props;
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const options = sortedByLabel(
    (field.options ?? []).map((o) => ({ id: o.value, label: o.label[language] })),
    language,
  );
  const { validationBehavior: _, ...labelled } = selfLabelled(props);
  return <TagPicker {...labelled} name={label} options={options} value={chosen} onChange={onChange} />;
}
