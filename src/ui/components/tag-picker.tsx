import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ContextType,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  Button as TagRemove,
  useFilter,
} from 'react-aria-components';
import { ComboOpenButton } from './combobox';
import { FieldHelp } from './field-help';
import type { Option } from './select';

/** react-aria's state of a combo box, as its context hands it out. */
type ComboState = ContextType<typeof ComboBoxStateContext>;

export interface TagPickerProps {
  id: string;
  /** The field's name as shown (with a required mark). */
  label: ReactNode;
  /** The field's name in words: names the list of chosen values. */
  name: string;
  /** Every option, already in the order to offer them. */
  options: Option[];
  /** The chosen option ids, in the order they were picked. */
  value: string[];
  /** The new list of chosen ids: the owner of the values (a form machine) decides. */
  onChange: (value: string[]) => void;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
}

/**
 * Many values from a long list (PRODUCT.md §4 multiselect): type to filter, Enter picks, the chosen
 * ones show as tags that Delete/Backspace (or their × button) removes; Backspace in the empty input
 * removes the last one. One tab stop for the input, one for the tags; the options of the popup and
 * the tags' buttons are reached by the arrow keys. The filter text is the only state kept here.
 */
export function TagPicker({
  id,
  label,
  name,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
}: TagPickerProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const { contains, startsWith } = useFilter({ sensitivity: 'base' });
  const labelOf = useMemo(() => new Map(options.map((o) => [String(o.id), o.label])), [options]);
  // Names that begin with what was typed come first ("Pfle": Pflegefachkraft before Altenpfleger/in).
  const open = options.filter((o) => !value.includes(String(o.id)) && contains(o.label, text));
  const offered = [
    ...open.filter((o) => startsWith(o.label, text)),
    ...open.filter((o) => !startsWith(o.label, text)),
  ];
  const chosen = value.map((v) => ({ id: v, label: labelOf.get(v) ?? v }));
  const remove = (keys: Set<Key>) => onChange(value.filter((v) => !keys.has(v)));
  // react-aria's state of the combo box, to close the list after a pick: with the input emptied, it
  // would otherwise open again at once and hide the rest of the page (the new tag too) from readers.
  const combo = useRef<ComboState>(null);
  const pick = (key: Key | null) => {
    if (key === null) return;
    onChange([...value, String(key)]);
    setText('');
    combo.current?.close();
  };
  // Enter with no option highlighted takes the first match ("Pfle" + Enter); Backspace in the empty
  // input removes the last tag, as in every tag field.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const first = offered[0];
    if (
      e.key === 'Enter' &&
      text.trim() !== '' &&
      first &&
      !e.currentTarget.getAttribute('aria-activedescendant')
    ) {
      e.preventDefault();
      pick(first.id);
    }
    if (e.key === 'Backspace' && text === '' && value.length > 0) onChange(value.slice(0, -1));
  };
  return (
    <div className="tag-picker">
      <ComboBox
        className="rac-field"
        items={offered}
        selectedKey={null}
        onSelectionChange={pick}
        inputValue={text}
        onInputChange={setText}
        allowsEmptyCollection
        isRequired={isRequired}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
      >
        <StateOf into={combo} />
        <Label>{label}</Label>
        <div className="rac-combo">
          <Input id={id} className="rac-input" placeholder={t`Type to search`} onKeyDown={onKeyDown} />
          <ComboOpenButton />
        </div>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className="rac-popover">
          <ListBox
            className="rac-listbox"
            renderEmptyState={() => (
              <p className="tag-picker-empty">
                <Trans>Nothing matches "{text}".</Trans>
              </p>
            )}
          >
            {(option: Option) => (
              <ListBoxItem id={option.id} textValue={option.label} className="rac-option">
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {chosen.length > 0 && (
        <TagGroup className="tag-group" aria-label={t`Chosen: ${name}`} onRemove={remove}>
          <TagList items={chosen} className="tag-list">
            {(item) => (
              <Tag id={item.id} textValue={item.label} className="tag">
                {item.label}
                <TagRemove slot="remove" className="tag-remove" aria-label={t`Remove`} excludeFromTabOrder>
                  ×
                </TagRemove>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}
    </div>
  );
}

/** Hands the enclosing combo box's state to its owner (react-aria gives it only through context). */
function StateOf({ into }: { into: RefObject<ComboState> }) {
  into.current = useContext(ComboBoxStateContext);
  return null;
}
