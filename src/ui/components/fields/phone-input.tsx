import { PHONE_MAX_LENGTH } from '../../../../contract/phone';
import { TextField } from '../text-field';
import { selfLabelled, type WidgetProps } from './field-props';

/**
 * A phone number as the person types it (the form holds it as shown, the server stores E.164): the
 * phone keypad on touch screens and the browser's own number to fill in.
 */
export function PhoneInput(props: WidgetProps) {
  const { value, onChange } = props;
  return (
    <TextField
      {...selfLabelled(props)}
      type="tel"
      autoComplete="tel"
      maxLength={PHONE_MAX_LENGTH}
      value={String(value ?? '')}
      onChange={(text) => onChange(text)}
    />
  );
}
