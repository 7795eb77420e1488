import { NumberField } from '../number-field';
import { selfLabelled, type WidgetProps } from './field-props';

/** A number within the catalogue's min, max and step; empty means "not given". */
export function NumberInput(props: WidgetProps) {
  const { field, value, onChange } = props;
  return (
    <NumberField
      {...selfLabelled(props)}
      minValue={field.min}
      maxValue={field.max}
      step={field.step}
      formatOptions={{ useGrouping: false, maximumFractionDigits: 2 }}
      value={typeof value === 'number' ? value : Number.NaN}
      onChange={(n) => onChange(Number.isFinite(n) ? n : undefined)}
    />
  );
}
