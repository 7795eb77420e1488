import { expect, it } from 'vitest';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as ClientAnswer from './client-answer.machine';

/**
 * A company's answer to a candidate sent to it, by hand: nothing chosen yet; "interested" with a
 * comment typed with spaces; the server's 400 on a too long comment, its 409 when answered already.
 */
const empty = { answer: '', comment: '' };
const filled = { answer: 'interested', comment: '  Gern ein Gespräch.  ' };

const spec: FormSpec = {
  input: {},
  initial: empty,
  filled,
  // An answer must be chosen; the comment may stay empty.
  initialErrors: { answer: ['client.answer_invalid'] },
  payload: { answer: 'interested', comment: 'Gern ein Gespräch.' },
  afterDone: filled,
  rejected: {
    thrown: { code: 'request.invalid', fields: { comment: ['field.too_long'] } },
    fieldErrors: { comment: ['field.too_long'] },
  },
  failed: { thrown: { code: 'client.already_answered' }, error: 'client.already_answered' },
  load: { values: { comment: 'x' }, shown: { ...empty, comment: 'x' } },
};

describeModelTable<typeof ClientAnswer>({
  name: 'client-answer',
  load: () => import('./client-answer.machine'),
  machines: (m) => [m.clientAnswerForm.machine],
  tables: [
    { table: formTable(spec), start: (m, inspect) => formDriver(m.clientAnswerForm.machine, spec, inspect) },
  ],
  rowForEveryLeafBut: [],
  more: (module) => {
    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(module().clientAnswerForm.machine, ['submit'])).toEqual({
        submit: 'Error: clientAnswer: submit is provided by the app',
      });
    });

    it('sends "not interested" without a comment when the comment is only spaces', async () => {
      const driver = formDriver(module().clientAnswerForm.machine, {
        ...spec,
        filled: { answer: 'not_interested', comment: '   ' },
      });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([{ src: 'submit', input: { answer: 'not_interested' } }]);
    });

    it('refuses a comment over 1000 characters before any call', async () => {
      const driver = formDriver(module().clientAnswerForm.machine, {
        ...spec,
        filled: { answer: 'interested', comment: 'x'.repeat(1001) },
      });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([]);
      expect(driver.snapshot().context).toMatchObject({ fieldErrors: { comment: ['field.too_long'] } });
    });
  },
});
