import { Checkbox } from '../checkbox';
import type { WidgetProps } from './field-props';

/** A yes/no field: a checkbox labelled by the field's label, its help and error tied to it. */
export function BooleanInput({ id, value, onChange, labelNode, common }: WidgetProps) {
  return (
    <Checkbox
      id={id}
      isSelected={value === true}
      onChange={(checked) => onChange(checked)}
      isInvalid={common['aria-invalid']}
      aria-describedby={common['aria-describedby']}
    >
      {labelNode}
    </Checkbox>
  );
}
