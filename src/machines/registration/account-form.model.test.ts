import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import { fakeToken } from '../../../tests/support/tokens';
import type * as AccountForm from './account-form.machine';
import { registrationMachine } from './registration.machine';
import { registrationAccountForm } from './registration-actors';

// Registration step 1's expectation, by hand (PRODUCT.md §3): the codes the registration request's
// schema gives (both agreements ticked, a password of 10 characters), what the registration is handed.

const EMAIL = 'neu@matchwerk.example';
const PASSWORD = 'Lange-sichere-Passphrase';
const BOTH = ['terms-conditions', 'condition-agreements'];
const filled = { email: EMAIL, password: PASSWORD, category: 'company', language: 'en', accepted: BOTH };

const spec: FormSpec = {
  input: { values: { language: 'en' } },
  initial: { email: '', password: '', category: 'luna', language: 'en', accepted: [] },
  filled,
  initialErrors: {
    email: ['email.required', 'email.invalid'],
    password: ['password.required', 'password.too_short'],
    accepted: ['accepted.missing'],
  },
  payload: filled,
  afterDone: filled,
  rejected: {
    thrown: { code: 'password.weak', fields: { password: ['password.weak'] } },
    fieldErrors: { password: ['password.weak'] },
  },
  failed: { thrown: { code: 'email.taken', fields: {} }, error: 'email.taken' },
  load: {
    values: { email: EMAIL },
    shown: { email: EMAIL, password: '', category: 'luna', language: 'de', accepted: [] },
  },
};

describeModelTable<typeof AccountForm>({
  name: 'registration-account-form',
  load: () => import('./account-form.machine'),
  machines: (m) => [m.accountForm.machine],
  tables: [
    { table: formTable(spec), start: (m, inspect) => formDriver(m.accountForm.machine, spec, inspect) },
  ],
  rowForEveryLeafBut: [],
  more: (module) => {
    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(module().accountForm.machine, ['submit'])).toEqual({
        submit: 'Error: registrationAccount: submit is provided by the app',
      });
    });

    it('asks for both agreements: one ticked box is not enough', () => {
      const form = createActor(module().accountForm.machine, { input: { values: filled } }).start();
      form.send({ type: 'form.change', name: 'accepted', value: ['terms-conditions'] });
      form.send({ type: 'form.submit' });
      expect(form.getSnapshot().context.fieldErrors).toEqual({ accepted: ['accepted.missing'] });
    });
  },
});

/** A registration at step 1 with its calls deferred, and step 1's form handing over to it. */
function accountStep() {
  const fx = deferredActors(['createAccount'] as const);
  const registration = createActor(registrationMachine.provide({ actors: fx.actors }), {
    input: { step: 0, now: () => 0 },
  }).start();
  const form = createActor(registrationAccountForm(registration), { input: { values: filled } }).start();
  return { fx, registration, form };
}

it('hands the checked account to the registration, and is done once the account exists', async () => {
  const { fx, registration, form } = accountStep();
  form.send({ type: 'form.submit' });
  await flush();
  expect(registration.getSnapshot().matches({ account: 'creating' })).toBe(true);
  expect(fx.calls).toEqual([{ id: 'createAccount', input: filled }]);
  expect(form.getSnapshot().hasTag('busy')).toBe(true);
  fx.settle('createAccount', 'done', { token: fakeToken({ registration_step: 1 }, 0), refresh_token: 'r' });
  await flush();
  expect(registration.getSnapshot().matches('validation')).toBe(true);
  expect(form.getSnapshot().value).toBe('done');
});

it('shows the registration’s refusal at the fields it names', async () => {
  const { fx, registration, form } = accountStep();
  form.send({ type: 'form.submit' });
  await flush();
  fx.settle('createAccount', 'error', { code: 'email.taken', fields: { email: ['email.taken'] } });
  await flush();
  expect(registration.getSnapshot().matches({ account: 'editing' })).toBe(true);
  expect(form.getSnapshot().value).toBe('editing');
  // The address carries the code itself: it stands there once, not above the form too.
  expect(form.getSnapshot().context).toMatchObject({ fieldErrors: { email: ['email.taken'] }, error: null });
});

it('hands the registration nothing while the form fails its check', async () => {
  const { fx, registration, form } = accountStep();
  form.send({ type: 'form.change', name: 'accepted', value: [] });
  form.send({ type: 'form.submit' });
  await flush();
  expect(registration.getSnapshot().matches({ account: 'editing' })).toBe(true);
  expect(fx.calls).toEqual([]);
});
