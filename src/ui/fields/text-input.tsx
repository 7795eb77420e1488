import type { WidgetProps } from './field-props';

/** One line of text, or several for a `textarea` field; the catalogue's maxLength bounds both. */
export function TextInput({ field, value, onChange, common }: WidgetProps) {
  if (field.type === 'textarea') {
    return (
      <textarea
        {...common}
        rows={5}
        maxLength={field.maxLength}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <input
      {...common}
      type="text"
      maxLength={field.maxLength}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
