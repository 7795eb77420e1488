import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
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
import { flushSync } from 'react-dom';
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
 * via react-aria.
 *
 * react-aria's select builds its list and a hidden native select when it mounts, in a render React
 * cannot split: 20–45 ms of the main thread each under Lighthouse, and a table's filters hold six
 * (issue 22). Until someone reaches for it, its closed look stands in (`ClosedSelect`: the same label,
 * button, name and value, for forms too); the pointer coming over it, the focus or a click (an
 * assistive technology's) mounts the real one in its place, and the focus, the click or the opening
 * list go on there.
 */
export function Select(props: SelectProps) {
  const { t } = useLingui();
  const [live, setLive] = useState<{ focus: boolean; open: boolean } | null>(null);
  // One empty text for both looks, so that the closed one says what the real one will.
  const placeholder = props.placeholder ?? t`Select an item`;
  if (live)
    return (
      <AriaSelectField
        {...props}
        placeholder={placeholder}
        autoFocus={props.autoFocus || live.focus}
        defaultOpen={live.open}
      />
    );
  return (
    <ClosedSelect
      {...props}
      placeholder={placeholder}
      // Synchronously: the pointer's press, the next key or the click must reach the real one.
      onReach={(how) => flushSync(() => setLive(how))}
    />
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
 * The closed field as react-aria draws it — label, a button named by the chosen option and the label,
 * help, error — with the same classes and size, and the chosen key under the field's name for a form.
 */
function ClosedSelect({
  label,
  options,
  description,
  errorMessage,
  onReach,
  ...props
}: SelectProps & { onReach: (how: { focus: boolean; open: boolean }) => void }) {
  const id = useId();
  const key = props.selectedKey !== undefined ? props.selectedKey : props.defaultSelectedKey;
  const chosen = key == null ? undefined : options.find((option) => option.id === key);
  const invalid = props.isInvalid ?? Boolean(errorMessage);
  return (
    <div
      className="rac-field"
      data-invalid={invalid || undefined}
      data-disabled={props.isDisabled || undefined}
    >
      {/* biome-ignore lint/a11y/noLabelWithoutControl: named by id from the button, as react-aria's select does */}
      <label id={`${id}-label`}>{label}</label>
      <button
        type="button"
        id={props.id}
        className="rac-input rac-select-button"
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${id}-value ${id}-label`}
        aria-describedby={
          [description && `${id}-help`, invalid && errorMessage && `${id}-error`].filter(Boolean).join(' ') ||
          undefined
        }
        aria-invalid={invalid || undefined}
        disabled={props.isDisabled}
        onPointerEnter={() => onReach({ focus: false, open: false })}
        onFocus={() => onReach({ focus: true, open: false })}
        onClick={() => onReach({ focus: true, open: true })}
      >
        <span id={`${id}-value`}>{chosen?.label ?? props.placeholder}</span>
        <span aria-hidden="true" className="rac-chevron">
          ▾
        </span>
      </button>
      {description && (
        <span id={`${id}-help`} className="rac-help">
          {description}
        </span>
      )}
      {invalid && errorMessage && (
        <span id={`${id}-error`} className="rac-error">
          {errorMessage}
        </span>
      )}
      {props.name && <input type="hidden" name={props.name} value={key == null ? '' : String(key)} />}
    </div>
  );
}
