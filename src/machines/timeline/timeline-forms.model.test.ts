import { afterEach, expect, it, vi } from 'vitest';
import { localDay } from '../../../contract/local-day';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as TimelineForms from './timeline-forms.machine';

/**
 * Adding to a timeline and editing a note (PRODUCT.md §10), by hand. Add: a note's text typed with
 * spaces; the fields clear after it was added (the kind stays a note, the day empty). Edit: a note's
 * new text; the form keeps it after the save.
 */
const addEmpty = { kind: 'note', text: '', at: '' };

const addSpec: FormSpec = {
  input: {},
  initial: addEmpty,
  filled: { kind: 'note', text: '  Rückruf vereinbart  ', at: '' },
  initialErrors: { text: ['field.required'] },
  // A note has no day: `at` is not sent.
  payload: { kind: 'note', text: 'Rückruf vereinbart' },
  afterDone: addEmpty,
  rejected: {
    thrown: { code: 'request.invalid', fields: { text: ['field.too_long'] } },
    fieldErrors: { text: ['field.too_long'] },
  },
  failed: { thrown: { code: 'timeline.not_found' }, error: 'timeline.not_found' },
  load: { values: { text: 'Entwurf' }, shown: { kind: 'note', text: 'Entwurf', at: '' } },
};

const noteSpec: FormSpec = {
  input: {},
  initial: { text: '' },
  filled: { text: ' Erstkontakt am Telefon ' },
  initialErrors: { text: ['field.required'] },
  payload: { text: 'Erstkontakt am Telefon' },
  // An edited note stays as saved.
  afterDone: { text: ' Erstkontakt am Telefon ' },
  rejected: {
    thrown: { code: 'request.invalid', fields: { text: ['field.required'] } },
    fieldErrors: { text: ['field.required'] },
  },
  failed: { thrown: { code: 'timeline.note_locked' }, error: 'timeline.note_locked' },
  load: { values: { text: 'Von anderer Hand' }, shown: { text: 'Von anderer Hand' } },
};

/** A call of the add form typed on `day`: what the call receives. */
async function callOn(
  module: typeof TimelineForms,
  values: { kind: string; text: string; at: string },
): Promise<{ calls: unknown; errors: unknown }> {
  const driver = formDriver(module.timelineAddForm.machine, { ...addSpec, filled: values });
  await driver.send('fill');
  await driver.send('submit');
  return {
    calls: driver.calls(),
    errors: (driver.snapshot().context as { fieldErrors: unknown }).fieldErrors,
  };
}

describeModelTable<typeof TimelineForms>({
  name: 'timeline-forms',
  load: () => import('./timeline-forms.machine'),
  machines: (m) => [m.timelineAddForm.machine, m.timelineNoteForm.machine],
  tables: [
    {
      name: 'add',
      table: formTable(addSpec),
      start: (m, inspect) => formDriver(m.timelineAddForm.machine, addSpec, inspect),
    },
    {
      name: 'note',
      table: formTable(noteSpec),
      start: (m, inspect) => formDriver(m.timelineNoteForm.machine, noteSpec, inspect),
    },
  ],
  rowForEveryLeafBut: [],
  more: (module) => {
    afterEach(() => vi.useRealTimers());

    it('sends a call of today as the moment it is sent', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const now = new Date(2026, 10, 24, 9, 30, 15);
      vi.setSystemTime(now);
      const { calls } = await callOn(module(), { kind: 'call', text: ' Absage ', at: '2026-11-24' });
      expect(calls).toEqual([
        { src: 'submit', input: { kind: 'call', text: 'Absage', at: now.toISOString() } },
      ]);
    });

    it('sends a mail of another day as that day’s noon in the user’s zone', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 24, 9, 30));
      const { calls } = await callOn(module(), { kind: 'mail', text: 'Unterlagen', at: '2026-11-20' });
      expect(calls).toEqual([
        {
          src: 'submit',
          input: { kind: 'mail', text: 'Unterlagen', at: new Date(2026, 10, 20, 12, 0, 0).toISOString() },
        },
      ]);
    });

    it('shows a call without a day, or with a day it cannot read, as the schema refuses it', async () => {
      for (const at of ['', '2026-11-2', '2026-11-200', '12026-11-20', 'gestern']) {
        const { calls, errors } = await callOn(module(), { kind: 'call', text: 'Absage', at });
        expect(calls, at).toEqual([]);
        // The schema names every check a day fails; an unreadable one fails the first.
        expect(Object.keys(errors as object), at).toEqual(['at']);
        expect((errors as { at: string[] }).at[0], at).toBe('field.date_invalid');
      }
    });

    it('turns a day into a moment: today now, another day its noon, anything else as typed', () => {
      const { dayToTimestamp } = module();
      const now = new Date(2026, 0, 5, 23, 59, 59);
      expect(localDay(now)).toBe('2026-01-05');
      expect(dayToTimestamp('2026-01-05', now)).toBe(now.toISOString());
      expect(dayToTimestamp('2026-01-04', now)).toBe(new Date(2026, 0, 4, 12).toISOString());
      for (const typed of [
        '',
        'heute',
        '2026-1-04',
        '2026-01-4',
        ' 2026-01-04',
        '2026-01-04 ',
        '02026-01-04',
      ])
        expect(dayToTimestamp(typed, now), JSON.stringify(typed)).toBe(typed);
    });

    it('turns today into now when given no moment', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const now = new Date(2026, 5, 30, 18, 0, 1);
      vi.setSystemTime(now);
      expect(module().dayToTimestamp('2026-06-30')).toBe(now.toISOString());
    });

    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(module().timelineAddForm.machine, ['submit'])).toEqual({
        submit: 'Error: timelineAdd: submit is provided by the app',
      });
      expect(await standInOutcomes(module().timelineNoteForm.machine, ['submit'])).toEqual({
        submit: 'Error: timelineNote: submit is provided by the app',
      });
    });
  },
});
