import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  Label,
  TextArea,
} from 'react-aria-components';
import { FieldHelp } from './field-help';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: string;
  /** A translated message; shown under the field and announced with it. */
  errorMessage?: string;
  multiline?: boolean;
}

/**
 * A labelled text input (or text area) with its help text and error tied to it. The forms' machines
 * validate, so `isRequired` is announced (aria-required) rather than enforced by the browser.
 */
export function TextField({ label, description, errorMessage, multiline, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      className="rac-field"
    >
      <Label>{label}</Label>
      {multiline ? <TextArea className="rac-input" /> : <Input className="rac-input" />}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
