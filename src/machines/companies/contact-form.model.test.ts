import { expect, it } from 'vitest';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as ContactForm from './contact-form.machine';

/**
 * A company's contact, by hand. New: an empty form; a salutation, title and name, a role, an e-mail
 * typed with spaces and no phone; the form empties after the contact was added. Edit: the contact as read (version 2), a
 * new role; a stale version is the server's 409.
 */
const empty = {
  salutation: 'none',
  title: '',
  firstName: '',
  lastName: '',
  role: '',
  email: '',
  phone: '',
  language: 'de',
};
const named = { salutation: 'ms', title: 'Dr.', firstName: 'Jana', lastName: 'Schmidt' };
const typed = {
  ...named,
  role: 'Personalleitung',
  email: ' jana@rheinwerk.example ',
  phone: '',
  language: 'en',
};

const newSpec: FormSpec = {
  input: {},
  initial: empty,
  filled: typed,
  // A contact needs a last name; everything else may stay empty.
  initialErrors: { lastName: ['field.required'] },
  payload: {
    ...named,
    role: 'Personalleitung',
    email: 'jana@rheinwerk.example',
    phone: null,
    language: 'en',
  },
  afterDone: empty,
  rejected: {
    thrown: { code: 'request.invalid', fields: { email: ['email.invalid'] } },
    fieldErrors: { email: ['email.invalid'] },
  },
  failed: { thrown: { code: 'company.not_found' }, error: 'company.not_found' },
  load: { values: { lastName: 'Kim' }, shown: { ...empty, lastName: 'Kim' } },
};

const read = {
  ...named,
  role: 'Personalleitung',
  email: 'jana@rheinwerk.example',
  phone: '+49 30 555 0101',
  language: 'de',
};

describeModelTable<typeof ContactForm>({
  name: 'contact-form',
  load: () => import('./contact-form.machine'),
  machines: (m) => [m.newContactForm.machine],
  tables: [
    {
      table: formTable(newSpec),
      start: (m, inspect) => formDriver(m.newContactForm.machine, newSpec, inspect),
    },
  ],
  rowForEveryLeafBut: [],
  more: (module) => {
    it('sends a typed phone as typed, and an e-mail of only spaces as none', async () => {
      const driver = formDriver(module().newContactForm.machine, {
        ...newSpec,
        filled: { ...typed, email: '   ', phone: '+49 30 555 0101' },
      });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([
        {
          src: 'submit',
          input: {
            ...named,
            role: 'Personalleitung',
            email: null,
            phone: '+49 30 555 0101',
            language: 'en',
          },
        },
      ]);
    });

    it('names each form when the app left it without its call', async () => {
      expect(await standInOutcomes(module().newContactForm.machine, ['submit'])).toEqual({
        submit: 'Error: newContact: submit is provided by the app',
      });
      expect(await standInOutcomes(module().contactForm.machine, ['submit'])).toEqual({
        submit: 'Error: contact: submit is provided by the app',
      });
    });

    it('saves an edited contact with the version it was read at; an emptied phone is none', async () => {
      const spec: FormSpec = {
        ...newSpec,
        input: { values: read, fixed: { version: 2 } },
        initial: read,
        filled: { ...read, role: 'Geschäftsführung', phone: '   ' },
      };
      const driver = formDriver(module().contactForm.machine, spec);
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([
        {
          src: 'submit',
          input: {
            ...named,
            role: 'Geschäftsführung',
            email: 'jana@rheinwerk.example',
            phone: null,
            language: 'de',
            version: 2,
          },
        },
      ]);
    });

    it('starts the edit form from the contact as read, none as empty text', () => {
      expect(
        module().contactFormInput({
          uuid: 'k1',
          companyUuid: 'c1',
          name: 'Kim',
          salutation: 'none',
          title: '',
          firstName: '',
          lastName: 'Kim',
          role: '',
          email: null,
          phone: null,
          language: 'en',
          isDefault: true,
          version: 4,
          createdAt: '',
          updatedAt: '',
        }),
      ).toEqual({
        values: { ...empty, lastName: 'Kim', language: 'en' },
        fixed: { version: 4 },
      });
    });
  },
});
