import {
  ComboBox as AriaComboBox,
  type ComboBoxProps as AriaComboBoxProps,
  Button,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { FieldHelp } from './field-help';
import type { Option } from './select';

export interface ComboBoxProps extends Omit<AriaComboBoxProps<Option>, 'className' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
}

/**
 * A text input with suggestions: pass `items` (filtered by the caller, e.g. a search machine, with
 * `onInputChange`) or `defaultItems` (filtered here as the user types).
 */
export function ComboBox({ label, description, errorMessage, ...props }: ComboBoxProps) {
  return (
    <AriaComboBox {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className="rac-field">
      <Label>{label}</Label>
      <div className="rac-combo">
        <Input className="rac-input" />
        <ComboOpenButton />
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="rac-popover">
        <ListBox className="rac-listbox">
          {(option: { id: string | number; label: string }) => (
            <ListBoxItem id={option.id} textValue={option.label} className="rac-option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

/** Opens a combobox's whole list for a pointer; react-aria keeps it out of the tab order. */
export function ComboOpenButton() {
  return (
    <Button className="rac-combo-button">
      <span aria-hidden="true">▾</span>
    </Button>
  );
}
