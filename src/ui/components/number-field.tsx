import type { ReactNode } from 'react';
import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Input,
  Label,
} from 'react-aria-components';
import { FieldHelp } from './field-help';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: string;
  /** A translated message; shown under the field and announced with it. */
  errorMessage?: string;
  className?: string;
}

/**
 * A labelled number input: typed in the user's locale ("2,5" in German), committed on blur or Enter,
 * arrow keys step within min and max. An empty field is NaN.
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      className={['rac-field', className].filter(Boolean).join(' ')}
    >
      <Label>{label}</Label>
      <Input className="rac-input" />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
