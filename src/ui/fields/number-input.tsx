import type { WidgetProps } from './field-props';

/** A number within the catalogue's min, max and step; empty means "not given". */
export function NumberInput({ field, value, onChange, common }: WidgetProps) {
  return (
    <input
      {...common}
      type="number"
      inputMode="decimal"
      min={field.min}
      max={field.max}
      step={field.step ?? 'any'}
      value={typeof value === 'number' ? value : ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    />
  );
}
