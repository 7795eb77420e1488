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
import { Staged } from './deferred';
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

/**
 * A styled single choice from a list (no native <select>): keyboard, type-ahead and screen readers
 * via react-aria. Drawn in a task of its own (`Staged`, issue 22): a page's selects mounted together
 * built their lists in one long task; until its turn the field's closed look stands in.
 */
export function Select(props: SelectProps) {
  return (
    <Staged fallback={<ClosedSelect {...props} />}>
      <AriaSelectField {...props} />
    </Staged>
  );
}

function AriaSelectField({ label, options, description, errorMessage, ...props }: SelectProps) {
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

/**
 * The closed field as react-aria draws it (label, button with the chosen option, help, error), with
 * the same classes and so the same size, until the real one mounts: out of reach meanwhile.
 */
function ClosedSelect({ label, options, description, errorMessage, ...props }: SelectProps) {
  const key = props.selectedKey ?? props.defaultSelectedKey;
  const chosen = key == null ? undefined : options.find((option) => option.id === key);
  const invalid = props.isInvalid ?? Boolean(errorMessage);
  return (
    <div className="rac-field" data-invalid={invalid || undefined} aria-hidden="true" inert>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: a stand-in hidden from assistive technology, styled as the field's label */}
      <label>{label}</label>
      <span className="rac-input rac-select-button">
        <span>{chosen?.label ?? props.placeholder ?? '\u00a0'}</span>
        <span className="rac-chevron">▾</span>
      </span>
      {description && <span className="rac-help">{description}</span>}
      {invalid && errorMessage && <span className="rac-error">{errorMessage}</span>}
    </div>
  );
}
