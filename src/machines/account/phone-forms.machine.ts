import {
  ChangePhoneSchema,
  DisableTwoFactorSchema,
  PhoneConfirmSchema,
  PhoneRequestSchema,
} from '../../../contract/account';
import { formMachine } from '../shared/form.machine';
import type { HandOffOutcome } from '../shared/form-hand-off';
import type { PhoneSetupSnapshot } from './phone-setup.machine';

// The phone setup's forms, each checked with its request's contract schema. The phone-setup machine
// owns the calls and the steps (sending → confirming → confirmed, turning off): account-actors.ts
// hands each form's checked values to it (src/machines/shared/form-hand-off.ts).

/** Registration step 3: the number a code goes to (the screen starts it with the page's first country). */
export const phoneNumberForm = formMachine('phoneNumber', PhoneRequestSchema, {
  phoneNumber: '',
  countryCode: '',
});

/** Account settings: a new number, with the current password. */
export const phoneChangeForm = formMachine('phoneChange', ChangePhoneSchema, {
  currentPassword: '',
  phoneNumber: '',
  countryCode: '',
});

/** The six digits of the SMS. */
export const phoneCodeForm = formMachine('phoneCode', PhoneConfirmSchema, { code: '' });

/** Account settings: SMS login off, with the current password (emptied after: no password stays on screen). */
export const phoneTurnOffForm = formMachine(
  'phoneTurnOff',
  DisableTwoFactorSchema,
  { currentPassword: '' },
  { clearOnDone: true },
);

const refused = (phone: PhoneSetupSnapshot): HandOffOutcome => ({
  code: phone.context.error,
  fields: phone.context.fieldErrors,
});

/** The phone setup's answer to a number: sending, refused (back at idle), or the code sent. */
export function numberOutcome(phone: PhoneSetupSnapshot): HandOffOutcome {
  if (phone.matches('sending')) return 'pending';
  return phone.matches('idle') ? refused(phone) : 'done';
}

/** The phone setup's answer to a code: checking, refused (back at confirming), or confirmed. */
export function codeOutcome(phone: PhoneSetupSnapshot): HandOffOutcome {
  if (phone.matches('checking')) return 'pending';
  return phone.matches('confirming') ? refused(phone) : 'done';
}

/** The phone setup's answer to turning off: running, refused (back at idle), or off. */
export function turnOffOutcome(phone: PhoneSetupSnapshot): HandOffOutcome {
  if (phone.matches('turningOff')) return 'pending';
  return phone.matches('idle') ? refused(phone) : 'done';
}
