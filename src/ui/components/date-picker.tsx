import { type CalendarDate, parseDate } from '@internationalized/date';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import {
  DatePicker as AriaDatePicker,
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { FieldHelp } from './field-help';

export interface DatePickerProps {
  label: ReactNode;
  /** The label is for screen readers only (a dense card names the field in its own words). */
  labelHidden?: boolean;
  /** The day as ISO `YYYY-MM-DD`, or null. */
  value: string | null;
  /** A new day (or null: cleared), once the person is done with it: chosen in the calendar, or typed and left. */
  onChange: (day: string | null) => void;
  /** The earliest and latest day the field takes (ISO), e.g. what the server accepts. */
  minValue?: string;
  maxValue?: string;
  isDisabled?: boolean;
  description?: string;
  errorMessage?: string;
  className?: string;
  /** The first segment takes the focus when the field appears (a field drawn on demand). */
  autoFocus?: boolean;
  /** The person left the field (after its day was taken); not while its calendar is open. */
  onBlur?: () => void;
}

const parsed = (day: string | null | undefined): CalendarDate | null => {
  if (!day) return null;
  try {
    return parseDate(day);
  } catch {
    return null;
  }
};

/**
 * A calendar day in the UI's language (react-aria's DatePicker under the app's I18nProvider: German
 * "TT.MM.JJJJ", English "DD/MM/YYYY"), typed segment by segment with the keyboard or chosen in a
 * calendar; not the browser's native date input, whose format follows the browser's locale. A typed
 * day reaches `onChange` when the field is left or Enter is pressed, not at every digit (the year
 * "2" on the way to "2026" is no day anyone meant); a day out of range or cleared part way stays
 * in the field, marked invalid, and is not sent.
 */
export function DatePicker({
  label,
  labelHidden,
  value,
  onChange,
  minValue,
  maxValue,
  isDisabled,
  description,
  errorMessage,
  className,
  autoFocus,
  onBlur,
}: DatePickerProps) {
  // The same objects from render to render: react-aria compares them by identity.
  const min = useMemo(() => parsed(minValue) ?? undefined, [minValue]);
  const max = useMemo(() => parsed(maxValue) ?? undefined, [maxValue]);
  // The day as typed so far; it follows `value` whenever that changes (a save answered, another agent).
  const [draft, setDraft] = useState<{ from: string | null; day: CalendarDate | null }>({
    from: value,
    day: parsed(value),
  });
  let shown = draft.day;
  if (draft.from !== value) {
    shown = parsed(value);
    setDraft({ from: value, day: shown });
  }
  const open = useRef(false);

  const inRange = (day: CalendarDate | null) =>
    day === null || ((!min || day.compare(min) >= 0) && (!max || day.compare(max) <= 0));
  const commit = (day: CalendarDate | null) => {
    const next = day?.toString() ?? null;
    if (next !== value && inRange(day)) onChange(next);
  };

  return (
    <AriaDatePicker
      className={['rac-field', 'rac-date-picker', className].filter(Boolean).join(' ')}
      value={shown}
      minValue={min}
      maxValue={max}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage) || !inRange(shown)}
      onOpenChange={(isOpen) => {
        open.current = isOpen;
      }}
      onChange={(day) => {
        setDraft({ from: value, day });
        // Chosen in the calendar: that is the choice, no need to leave the field.
        if (open.current) commit(day);
      }}
      autoFocus={autoFocus}
      onBlur={() => {
        commit(shown);
        onBlur?.();
      }}
    >
      <Label className={labelHidden ? 'visually-hidden' : undefined}>{label}</Label>
      <Group
        className="rac-input rac-date-group"
        // Capture: the segments keep their keys to themselves.
        onKeyDownCapture={(e) => {
          if (e.key === 'Enter') commit(shown);
        }}
      >
        <DateInput className="rac-date-input">
          {(segment) => <DateSegment segment={segment} className="rac-date-segment" />}
        </DateInput>
        <Button className="rac-date-button">
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="rac-popover rac-calendar-popover">
        <Dialog className="rac-calendar-dialog">
          <Calendar className="rac-calendar">
            <header className="rac-calendar-header">
              <Button slot="previous" className="btn btn-secondary">
                <span aria-hidden="true">◀</span>
              </Button>
              <Heading className="rac-calendar-heading" />
              <Button slot="next" className="btn btn-secondary">
                <span aria-hidden="true">▶</span>
              </Button>
            </header>
            <CalendarGrid className="rac-calendar-grid">
              {(date) => <CalendarCell date={date} className="rac-calendar-cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
