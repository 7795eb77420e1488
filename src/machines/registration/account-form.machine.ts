import { RegistrationRequestSchema } from '../../../contract/account';
import { formMachine } from '../shared/form.machine';
import type { HandOffOutcome } from '../shared/form-hand-off';
import type { RegistrationSnapshot } from './registration.machine';

/**
 * Registration step 1: address, password, category, language and the two agreements (a group of
 * checkboxes), checked with the registration request's schema. The registration machine owns the
 * call (its `account.creating`, then the validation step): registration-actors.ts hands the checked
 * values to it. The screen starts it with the page's language.
 */
export const accountForm = formMachine('registrationAccount', RegistrationRequestSchema, {
  email: '',
  password: '',
  category: 'luna',
  language: 'de',
  accepted: [],
});

/** The registration's answer to an account it was handed: creating, refused (back at editing), or on at validation. */
export function accountOutcome(registration: RegistrationSnapshot): HandOffOutcome {
  if (registration.matches({ account: 'creating' })) return 'pending';
  if (registration.matches({ account: 'editing' }))
    return { code: registration.context.error, fields: registration.context.fieldErrors };
  return 'done';
}
