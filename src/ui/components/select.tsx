import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { FieldHelp } from './field-help';

export interface Option {
  id: Key;
  label: string;
}

/** Options in the order of their labels in the user's language ("Ä" beside "A", "Ö" beside "O"). */
export function sortedByLabel<T extends { label: string }>(options: readonly T[], locale: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}

export interface SelectProps extends Omit<AriaSelectProps<Option>, 'className' | 'children' | 'items'> {
  label: ReactNode;
  options: Option[];
  description?: string;
  errorMessage?: string;
}

/** A styled single choice from a list (no native <select>): keyboard, type-ahead and screen readers via react-aria. */
export function Select({ label, options, description, errorMessage, ...props }: SelectProps) {
  return (
    <AriaSelect {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)} className="rac-field">
      <Label>{label}</Label>
      <Button className="rac-input rac-select-button">
        <SelectValue />
        <span aria-hidden="true" className="rac-chevron">
          ▾
        </span>
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="rac-popover">
        <ListBox items={options} className="rac-listbox">
          {(option) => (
            <ListBoxItem id={option.id} className="rac-option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
