import { dateBounds } from '../../../../contract/catalog-schema';
import { DatePicker } from '../date-picker';
import { selfLabelled, type WidgetProps } from './field-props';

/**
 * A calendar day in the UI's language (the app's one date field); only the days the catalogue allows
 * (a birth date 14–100 years back) are taken. Cleared, the form holds no value.
 */
export function DateInput(props: WidgetProps) {
  const { field, value, onChange } = props;
  const bounds = dateBounds(field, new Date().toISOString().slice(0, 10));
  const { id, label, description, errorMessage, isRequired } = selfLabelled(props);
  return (
    <DatePicker
      id={id}
      label={label}
      description={description}
      errorMessage={errorMessage}
      isRequired={isRequired}
      commitWhileTyping
      minValue={bounds.min}
      maxValue={bounds.max}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(day) => onChange(day ?? undefined)}
    />
  );
}
