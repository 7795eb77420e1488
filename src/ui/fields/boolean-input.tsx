import type { WidgetProps } from './field-props';

/** A yes/no field: a checkbox labelled by the field's label. */
export function BooleanInput({ id, value, onChange, common, label }: WidgetProps) {
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
}
