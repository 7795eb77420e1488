import { TextField } from '../text-field';
import { selfLabelled, type WidgetProps } from './field-props';

/** One line of text, or several for a `textarea` field; the catalogue's maxLength bounds both. */
export function TextInput(props: WidgetProps) {
  const { field, value, onChange } = props;
  return (
    <TextField
      {...selfLabelled(props)}
      multiline={field.type === 'textarea'}
      maxLength={field.maxLength}
      value={String(value ?? '')}
      onChange={(text) => onChange(text)}
    />
  );
}
