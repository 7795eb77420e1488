import type { WidgetProps } from './field-props';

/** One of the catalogue's options, or none. */
export function SelectInput({ field, value, onChange, common, language }: WidgetProps) {
  return (
    <select {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">—</option>
      {(field.options ?? []).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label[language]}
        </option>
      ))}
    </select>
  );
}
