import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeFormTables, type FormSpec } from '../../../tests/support/form-table';
import { phoneForms } from './account-actors';
import { phoneSetupMachine } from './phone-setup.machine';

// Each phone form's expectation, by hand: what it starts with, what the user types, the codes the
// contract's schemas give, what the phone setup receives. The table (tests/support/form-table.ts)
// says what every form does with them; the hand-over to the phone setup is below.

const PASSWORD = 'Altes-Passwort-1';
const badNumber = { code: 'phone.invalid', fields: { phoneNumber: ['phone.invalid'] } };

type FormName = 'phoneNumberForm' | 'phoneChangeForm' | 'phoneCodeForm' | 'phoneTurnOffForm';

/** Each form's id, by hand: what a form left without its call names in the error. */
const ids: Record<FormName, string> = {
  phoneNumberForm: 'phoneNumber',
  phoneChangeForm: 'phoneChange',
  phoneCodeForm: 'phoneCode',
  phoneTurnOffForm: 'phoneTurnOff',
};

const specs: Record<FormName, FormSpec> = {
  // Registration: the screen starts it with the first country; the number is sent trimmed, the
  // country in capitals.
  phoneNumberForm: {
    input: { values: { countryCode: 'DE' } },
    initial: { phoneNumber: '', countryCode: 'DE' },
    filled: { phoneNumber: ' 0151 23456789 ', countryCode: 'at' },
    initialErrors: { phoneNumber: ['phone.invalid'] },
    payload: { phoneNumber: '0151 23456789', countryCode: 'AT' },
    afterDone: { phoneNumber: ' 0151 23456789 ', countryCode: 'at' },
    rejected: { thrown: badNumber, fieldErrors: badNumber.fields },
    failed: { thrown: { code: 'request.rate_limited', fields: {} }, error: 'request.rate_limited' },
    // A field the new values leave out starts empty: no country is chosen for the user.
    load: { values: { phoneNumber: '0151 1' }, shown: { phoneNumber: '0151 1', countryCode: '' } },
  },
  // Settings: the current password goes with the new number.
  phoneChangeForm: {
    input: { values: { countryCode: 'DE' } },
    initial: { currentPassword: '', phoneNumber: '', countryCode: 'DE' },
    filled: { currentPassword: PASSWORD, phoneNumber: '0151 23456789', countryCode: 'DE' },
    initialErrors: { currentPassword: ['password.required'], phoneNumber: ['phone.invalid'] },
    payload: { currentPassword: PASSWORD, phoneNumber: '0151 23456789', countryCode: 'DE' },
    afterDone: { currentPassword: PASSWORD, phoneNumber: '0151 23456789', countryCode: 'DE' },
    rejected: { thrown: badNumber, fieldErrors: badNumber.fields },
    failed: {
      thrown: { code: 'password.wrong_current', fields: {} },
      error: 'password.wrong_current',
    },
    load: { values: {}, shown: { currentPassword: '', phoneNumber: '', countryCode: '' } },
  },
  phoneCodeForm: {
    input: {},
    initial: { code: '' },
    filled: { code: ' 123456 ' },
    initialErrors: { code: ['code.format'] },
    payload: { code: '123456' },
    afterDone: { code: ' 123456 ' },
    rejected: {
      thrown: { code: 'request.invalid', fields: { code: ['code.format'] } },
      fieldErrors: { code: ['code.format'] },
    },
    failed: { thrown: { code: 'login.wrong_2FA_code', fields: {} }, error: 'login.wrong_2FA_code' },
    load: { values: { code: '654321' }, shown: { code: '654321' } },
  },
  // The password is emptied after a success: none stays on screen.
  phoneTurnOffForm: {
    input: {},
    initial: { currentPassword: '' },
    filled: { currentPassword: PASSWORD },
    initialErrors: { currentPassword: ['password.required'] },
    payload: { currentPassword: PASSWORD },
    afterDone: { currentPassword: '' },
    rejected: {
      thrown: { code: 'request.invalid', fields: { currentPassword: ['password.too_long'] } },
      fieldErrors: { currentPassword: ['password.too_long'] },
    },
    failed: {
      thrown: { code: 'password.wrong_current', fields: {} },
      error: 'password.wrong_current',
    },
    load: { values: {}, shown: { currentPassword: '' } },
  },
};

describeFormTables(() => import('./phone-forms.machine'), specs, ids);

/** A phone setup with its calls deferred, in the settings (SMS login on), and its forms. */
function phoneWithForms() {
  const fx = deferredActors(['sendCode', 'resendCode', 'confirmCode', 'turnOff'] as const);
  const phone = createActor(phoneSetupMachine.provide({ actors: fx.actors }), {
    input: { enabled: true, countries: ['DE', 'AT'], now: () => 0 },
  }).start();
  const forms = phoneForms(phone);
  const type = (form: { send: (e: never) => void }, values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      form.send({ type: 'form.change', name: field, value } as never);
  };
  return { fx, phone, forms, type };
}

it('hands a checked number to the phone setup and is done once the code is sent', async () => {
  const { fx, phone, forms, type } = phoneWithForms();
  const form = createActor(forms.change, { input: { values: { countryCode: 'de' } } }).start();
  type(form, { currentPassword: PASSWORD, phoneNumber: ' 0151 23456789 ' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(phone.getSnapshot().value).toBe('sending');
  expect(fx.calls).toEqual([
    { id: 'sendCode', input: { currentPassword: PASSWORD, phoneNumber: '0151 23456789', countryCode: 'DE' } },
  ]);
  expect(form.getSnapshot().hasTag('busy')).toBe(true);
  fx.settle('sendCode', 'done', undefined);
  await flush();
  expect(phone.getSnapshot().value).toBe('confirming');
  expect(form.getSnapshot().value).toBe('done');
});

it('sends nothing to the phone setup while the number fails its check', async () => {
  const { fx, phone, forms, type } = phoneWithForms();
  const form = createActor(forms.number, { input: { values: { countryCode: 'DE' } } }).start();
  type(form, { phoneNumber: ' ' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(phone.getSnapshot().value).toBe('idle');
  expect(fx.calls).toEqual([]);
  expect(form.getSnapshot().context.fieldErrors).toEqual({ phoneNumber: ['phone.invalid'] });
});

it('shows at its fields what the server refused of a number', async () => {
  const { fx, phone, forms, type } = phoneWithForms();
  const form = createActor(forms.number, { input: { values: { countryCode: 'DE' } } }).start();
  type(form, { phoneNumber: '0151 2' });
  form.send({ type: 'form.submit' });
  await flush();
  fx.settle('sendCode', 'error', badNumber);
  await flush();
  expect(phone.getSnapshot().value).toBe('idle');
  expect(form.getSnapshot().value).toBe('editing');
  expect(form.getSnapshot().context).toMatchObject({ fieldErrors: badNumber.fields, error: null });
});

it('hands a code to the phone setup: a wrong one shows on the form, a right one ends it', async () => {
  const { fx, phone, forms, type } = phoneWithForms();
  phone.send({ type: 'phone.send', request: { phoneNumber: '0151 23456789', countryCode: 'DE' } });
  fx.settle('sendCode', 'done', undefined);
  await flush();
  const form = createActor(forms.code, { input: {} }).start();
  type(form, { code: '111111' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(phone.getSnapshot().value).toBe('checking');
  fx.settle('confirmCode', 'error', { code: 'login.wrong_2FA_code' });
  await flush();
  expect(phone.getSnapshot().value).toBe('confirming');
  expect(form.getSnapshot().context).toMatchObject({ error: 'login.wrong_2FA_code', fieldErrors: {} });
  type(form, { code: ' 123456 ' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(fx.calls.at(-1)).toEqual({ id: 'confirmCode', input: { code: '123456' } });
  fx.settle('confirmCode', 'done', { token: 't', refresh_token: 'r' });
  await flush();
  expect(phone.getSnapshot().value).toBe('confirmed');
  expect(form.getSnapshot().value).toBe('done');
});

it('hands the password that turns SMS login off to the phone setup, and empties it after', async () => {
  const { fx, phone, forms, type } = phoneWithForms();
  const form = createActor(forms.turnOff, { input: {} }).start();
  type(form, { currentPassword: 'falsch' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(fx.calls).toEqual([{ id: 'turnOff', input: { currentPassword: 'falsch' } }]);
  fx.settle('turnOff', 'error', { code: 'password.wrong_current' });
  await flush();
  expect(phone.getSnapshot().value).toBe('idle');
  expect(form.getSnapshot().context).toMatchObject({ error: 'password.wrong_current', fieldErrors: {} });
  type(form, { currentPassword: PASSWORD });
  form.send({ type: 'form.submit' });
  await flush();
  fx.settle('turnOff', 'done', { token: 't', refresh_token: 'r' });
  await flush();
  expect(phone.getSnapshot().value).toBe('turnedOff');
  expect(form.getSnapshot().value).toBe('done');
  expect(form.getSnapshot().context.values).toEqual({ currentPassword: '' });
});
