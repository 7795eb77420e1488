import { expect, it } from 'vitest';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as AgentSelfForm from './agent-self-form.machine';

/**
 * The agent's details, by hand: a record without a name yet (version 3); the name and a phone typed
 * with spaces around it. The record's version goes with every save; the phone is trimmed.
 */
const spec: FormSpec = {
  input: { values: { first_name: '', last_name: '', phone: '' }, fixed: { version: 3 } },
  initial: { first_name: '', last_name: '', phone: '' },
  filled: { first_name: 'Alexandra', last_name: 'Berger', phone: ' +49 151 2345678 ' },
  // No name is no agent to address; no phone is fine (sent as null).
  initialErrors: { first_name: ['field.required'], last_name: ['field.required'] },
  payload: { first_name: 'Alexandra', last_name: 'Berger', phone: '+49 151 2345678', version: 3 },
  afterDone: { first_name: 'Alexandra', last_name: 'Berger', phone: ' +49 151 2345678 ' },
  rejected: {
    thrown: { code: 'request.invalid', fields: { phone: ['phone.invalid'] } },
    fieldErrors: { phone: ['phone.invalid'] },
  },
  // Someone saved first: the form says so (the screen then shows the current record).
  failed: { thrown: { code: 'agent.version_conflict' }, error: 'agent.version_conflict' },
  // The record as the server holds it now (saved here or elsewhere), with its new version.
  load: {
    values: { first_name: 'Alex', last_name: 'Berger', phone: '+49 30 555 0101' },
    fixed: { version: 4 },
    shown: { first_name: 'Alex', last_name: 'Berger', phone: '+49 30 555 0101' },
  },
};

describeModelTable<typeof AgentSelfForm>({
  name: 'agent-self-form',
  load: () => import('./agent-self-form.machine'),
  machines: (m) => [m.agentSelfForm.machine],
  tables: [
    { table: formTable(spec), start: (m, inspect) => formDriver(m.agentSelfForm.machine, spec, inspect) },
  ],
  rowForEveryLeafBut: [],
  more: (module) => {
    it('starts from the record: its name, phone and version; a missing one as an empty field', () => {
      const { agentSelfFormInput } = module();
      const record = {
        uuid: 'a-1',
        email: 'alex@matchwerk.example',
        userType: 'agent',
        first_name: 'Alex',
        last_name: 'Berger',
        phone: '+49 30 555 0101',
        photo_image: null,
        version: 4,
      };
      expect(agentSelfFormInput(record)).toEqual({
        values: { first_name: 'Alex', last_name: 'Berger', phone: '+49 30 555 0101' },
        fixed: { version: 4 },
      });
      const empty = { ...record, first_name: null, last_name: null, phone: null, version: 1 };
      expect(agentSelfFormInput(empty)).toEqual({
        values: { first_name: '', last_name: '', phone: '' },
        fixed: { version: 1 },
      });
    });

    it('starts with empty fields when given none', async () => {
      const driver = formDriver(module().agentSelfForm.machine, {
        ...spec,
        input: { fixed: { version: 3 } },
      });
      expect((driver.snapshot().context as { values: unknown }).values).toEqual(spec.initial);
      await driver.send('submit');
      expect((driver.snapshot().context as { fieldErrors: unknown }).fieldErrors).toEqual(spec.initialErrors);
    });

    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(module().agentSelfForm.machine, ['submit'])).toEqual({
        submit: 'Error: agentSelf: submit is provided by the app',
      });
    });

    it('sends an empty phone as none', async () => {
      const driver = formDriver(module().agentSelfForm.machine, {
        ...spec,
        filled: { first_name: 'Alexandra', last_name: 'Berger', phone: '  ' },
      });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([
        { src: 'submit', input: { first_name: 'Alexandra', last_name: 'Berger', phone: null, version: 3 } },
      ]);
    });
  },
});
