import { localDay } from '../../../contract/local-day';
import { TimelineAddSchema, TimelineNoteEditSchema } from '../../../contract/timeline';
import { formMachine } from '../shared/form.machine';

/**
 * A call's or mail's day as the call sends it: today is now (the call just happened), another day
 * its noon in the user's time zone, so that the day stays the day whatever the zone; anything else
 * goes as typed, for the schema to refuse.
 */
export function dayToTimestamp(day: string, now: Date = new Date()): string {
  if (day === localDay(now)) return now.toISOString();
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00`).toISOString() : day;
}

/**
 * Adding to a timeline: a note (its text), or a call or mail (summary and day). The fields clear
 * after a success, the kind and the day stay today's.
 */
export const timelineAddForm = formMachine(
  'timelineAdd',
  TimelineAddSchema,
  { kind: 'note', text: '', at: '' },
  {
    clearOnDone: true,
    prepare: ({ kind, text, at }) =>
      kind === 'note' ? { kind, text } : { kind, text, at: dayToTimestamp(String(at ?? '')) },
  },
);

/** A note's new text (its author, within 24 hours). */
export const timelineNoteForm = formMachine('timelineNote', TimelineNoteEditSchema, { text: '' });
