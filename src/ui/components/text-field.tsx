import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';

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
      {description && (
        <Text slot="description" className="rac-help">
          {description}
        </Text>
      )}
      <FieldError className="rac-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
