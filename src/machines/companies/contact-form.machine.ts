import { type Contact, ContactInputSchema, ContactUpdateSchema } from '../../../contract/client';
import { type FormInput, type FormOptions, type FormValues, formMachine } from '../shared/form.machine';

/**
 * A contact's fields as the form holds them (text); the salutation is `ms`, `mr` or `none` (issue 42:
 * the mail salutes the contact formally by it), the language `de` or `en`.
 */
const DEFAULTS: FormValues = {
  salutation: 'none',
  title: '',
  firstName: '',
  lastName: '',
  role: '',
  email: '',
  phone: '',
  language: 'de',
};

/** An empty e-mail or phone is none: both are optional. */
const options: FormOptions = {
  prepare: (data) => ({
    ...data,
    email: String(data.email ?? '').trim() === '' ? null : data.email,
    phone: String(data.phone ?? '').trim() === '' ? null : data.phone,
  }),
};

/** A new contact of a company (PRODUCT.md §10); the fields clear after it was added. */
export const newContactForm = formMachine('newContact', ContactInputSchema, DEFAULTS, {
  ...options,
  clearOnDone: true,
});

/** A contact being edited, with the version it was read at (a stale one: 409 contact.version_conflict). */
export const contactForm = formMachine('contact', ContactUpdateSchema, DEFAULTS, options);

/** The edit form's start: the contact's fields and the version a save must name. */
export function contactFormInput(contact: Contact): Required<FormInput> {
  return {
    values: {
      salutation: contact.salutation,
      title: contact.title,
      firstName: contact.firstName,
      lastName: contact.lastName,
      role: contact.role,
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      language: contact.language,
    },
    fixed: { version: contact.version },
  };
}
