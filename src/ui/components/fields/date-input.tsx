import { dateBounds } from '../../../../contract/catalog-schema';
import type { WidgetProps } from './field-props';

/** A calendar date; the picker offers only the years the catalogue allows (a birth date 14–100 years back). */
export function DateInput({ field, value, onChange, common }: WidgetProps) {
  const bounds = dateBounds(field, new Date().toISOString().slice(0, 10));
  return (
    <input
      {...common}
      type="date"
      min={bounds.min}
      max={bounds.max}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}
