import { parseTime, type Time } from '@internationalized/date';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DateInput, DateSegment, Label, TimeField } from 'react-aria-components';
import { FOLLOW_UP_NOTE_MAX, FOLLOW_UP_RANGE, type PipelineEntry } from '../../../contract/pipeline';
import { Button } from '../components/button';
import { DatePicker } from '../components/date-picker';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/text-field';

/** What "Postpone to …" sends: a day, an optional time (`HH:MM`) and note. */
export interface FollowUpChoice {
  date: string;
  time: string | null;
  note: string | null;
}

const timeOf = (value: string | null | undefined): Time | null => {
  if (!value) return null;
  try {
    return parseTime(value);
  } catch {
    return null;
  }
};

/**
 * "Postpone to …" (issue 42 major 4): the follow-up's day, an optional time (typed by segment in the
 * UI's language: "16:00" in German, "4:00 PM" in English) and an optional note. Loaded when first
 * opened (its date and time fields are code the board does not need before). The day is required:
 * without it the dialog sends nothing (the server would refuse a time or a note without a day).
 */
export default function FollowUpDialog({
  entry,
  onClose,
  onConfirm,
}: {
  entry: PipelineEntry;
  onClose: () => void;
  onConfirm: (choice: FollowUpChoice) => void;
}) {
  const { t } = useLingui();
  const [date, setDate] = useState<string | null>(entry.followUp);
  const [time, setTime] = useState<Time | null>(timeOf(entry.followUpTime));
  const [note, setNote] = useState(entry.followUpNote ?? '');
  const name = entry.profile.name || t`Unnamed candidate`;
  const canConfirm = date !== null && note.length <= FOLLOW_UP_NOTE_MAX;
  return (
    <Dialog title={t`Follow-up for ${name}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <form
        className="rac-dialog-body"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canConfirm || date === null) return;
          onConfirm({ date, time: time ? time.toString().slice(0, 5) : null, note: note.trim() || null });
          onClose();
        }}
      >
        <DatePicker
          label={t`Day`}
          value={date}
          onChange={setDate}
          minValue={FOLLOW_UP_RANGE.min}
          maxValue={FOLLOW_UP_RANGE.max}
          isRequired
          commitWhileTyping
          autoFocus
        />
        <TimeField
          className="rac-field"
          value={time}
          onChange={setTime}
          // Minutes are what a follow-up needs; the UI's language says 24 h or AM/PM.
          granularity="minute"
        >
          <Label className="rac-label">{t`Time (optional)`}</Label>
          <DateInput className="rac-input rac-date-input follow-up-time">
            {(segment) => <DateSegment segment={segment} className="rac-date-segment" />}
          </DateInput>
        </TimeField>
        <TextField
          label={t`Note (optional)`}
          value={note}
          onChange={setNote}
          maxLength={FOLLOW_UP_NOTE_MAX}
          multiline
        />
        <div className="rac-dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isDisabled={!canConfirm}>
            {entry.followUp ? <Trans>Postpone</Trans> : <Trans>Save</Trans>}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
