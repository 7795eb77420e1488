import { type CalendarDate, parseDate } from '@internationalized/date';
import { useLingui } from '@lingui/react';
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
import { errorMessage as messageOf } from './error-message';
import { FieldHelp } from './field-help';

export interface DatePickerProps {
  /** The field group's id (a form's error summary links to it). */
  id?: string;
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
  isRequired?: boolean;
  /**
   * In a form saved by its own button: each whole day in range goes to `onChange` as it is typed,
   * so the form knows it changed (its Save button enabled) before the field is left. Without it a
   * day goes when the field is left or Enter is pressed (a follow-up saved at once).
   */
  commitWhileTyping?: boolean;
  description?: string;
  /** The form's (translated) error; a typed day out of range says so by itself. */
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
 * The app's one date field (the pipeline's follow-ups, the catalogue form's dates, the timeline's
 * calls and mails): a calendar day in the UI's language (react-aria's DatePicker under the app's
 * I18nProvider: German "TT.MM.JJJJ", English "DD/MM/YYYY"), typed segment by segment with the
 * keyboard or chosen in a calendar; not the browser's native date input, whose format follows the
 * browser's locale. A typed day reaches `onChange` when the field is left or Enter is pressed, not
 * at every digit (the year "2" on the way to "2026" is no day anyone meant) — or, in a form with
 * its own Save button (`commitWhileTyping`), as soon as it is a whole day in range; a day out of
 * range stays in the field, marked invalid with the form's words for it ("too early", "too late"),
 * and is not sent.
 */
export function DatePicker({
  id,
  label,
  labelHidden,
  value,
  onChange,
  minValue,
  maxValue,
  isDisabled,
  isRequired,
  commitWhileTyping,
  description,
  errorMessage,
  className,
  autoFocus,
  onBlur,
}: DatePickerProps) {
  const { i18n } = useLingui();
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
  const outOfRange =
    shown && min && shown.compare(min) < 0
      ? 'field.date_too_early'
      : shown && max && shown.compare(max) > 0
        ? 'field.date_too_late'
        : null;
  // What was last sent while `value` was this one: in a form, leaving the field after typing does not
  // send the day twice. (A follow-up the server refused may be sent again.)
  const sent = useRef<{ over: string | null; day: string | null } | null>(null);
  const commit = (day: CalendarDate | null) => {
    const next = day?.toString() ?? null;
    const again = commitWhileTyping && sent.current?.over === value && sent.current.day === next;
    if (next === value || again || !inRange(day)) return;
    sent.current = { over: value, day: next };
    onChange(next);
  };

  return (
    <AriaDatePicker
      id={id}
      className={['rac-field', 'rac-date-picker', className].filter(Boolean).join(' ')}
      value={shown}
      minValue={min}
      maxValue={max}
      isDisabled={isDisabled}
      isRequired={isRequired}
      // The app's words, not react-aria's, say what is wrong; the form machine validates.
      validationBehavior="aria"
      isInvalid={Boolean(errorMessage) || outOfRange !== null}
      onOpenChange={(isOpen) => {
        open.current = isOpen;
      }}
      onChange={(day) => {
        setDraft({ from: value, day });
        // Chosen in the calendar: that is the choice, no need to leave the field.
        // Typed in a form: once the year has its four digits ("2" on the way to "2026" is none).
        if (open.current || (commitWhileTyping && day && day.year >= 1000)) commit(day);
      }}
      autoFocus={autoFocus}
      onBlur={() => {
        commit(shown);
        onBlur?.();
      }}
    >
      <Label className={labelHidden ? 'visually-hidden' : 'rac-label'}>{label}</Label>
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
      <FieldHelp
        description={description}
        errorMessage={outOfRange ? messageOf(i18n, outOfRange) : errorMessage}
      />
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
