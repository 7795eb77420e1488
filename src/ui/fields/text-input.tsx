import { TextField } from '../components/text-field';
import type { WidgetProps } from './field-props';

/** One line of text, or several for a `textarea` field; the catalogue's maxLength bounds both. */
export function TextInput({ field, id, value, onChange, labelNode, help, errorText }: WidgetProps) {
  return (
    <TextField
      id={id}
      label={labelNode}
      description={help}
      errorMessage={errorText}
      multiline={field.type === 'textarea'}
      isRequired={field.required}
      validationBehavior="aria"
      maxLength={field.maxLength}
      value={String(value ?? '')}
      onChange={(text) => onChange(text)}
    />
  );
}
