import { NumberField } from '../components/number-field';
import type { WidgetProps } from './field-props';

/** A number within the catalogue's min, max and step; empty means "not given". */
export function NumberInput({ field, id, value, onChange, labelNode, help, errorText }: WidgetProps) {
  return (
    <NumberField
      id={id}
      label={labelNode}
      description={help}
      errorMessage={errorText}
      isRequired={field.required}
      validationBehavior="aria"
      minValue={field.min}
      maxValue={field.max}
      step={field.step}
      formatOptions={{ useGrouping: false, maximumFractionDigits: 2 }}
      value={typeof value === 'number' ? value : Number.NaN}
      onChange={(n) => onChange(Number.isFinite(n) ? n : undefined)}
    />
  );
}
