import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import { fakeToken, MemoryStorage } from '../../../tests/support/tokens';
import type * as LoginForm from './login-form.machine';
import { loginFormLogic } from './login-form.machine';
import { sessionMachine } from './session.machine';

// The login form's expectation, by hand (SEED-SPEC §2): the codes the login request's schema gives,
// what the session is handed. The table (tests/support/form-table.ts) says what every form does.

const EMAIL = 'luna@matchwerk.example';
const PASSWORD = 'Leuchtturm-Seemöwe-77';
const wrong = { code: 'login.invalid_credentials', fields: {} };

const spec: FormSpec = {
  input: {},
  initial: { email: '', password: '' },
  filled: { email: ` ${EMAIL} `, password: PASSWORD },
  initialErrors: { email: ['email.required', 'email.invalid'], password: ['password.required'] },
  // The page's language is the call's to add (loginFormLogic): the schema's default stands here.
  payload: { email: EMAIL, password: PASSWORD, locale: 'de' },
  afterDone: { email: ` ${EMAIL} `, password: PASSWORD },
  rejected: {
    thrown: { code: 'request.invalid', fields: { email: ['email.invalid'] } },
    fieldErrors: { email: ['email.invalid'] },
  },
  // One message for a wrong password, an unknown address and a locked login.
  failed: { thrown: wrong, error: 'login.invalid_credentials' },
  load: { values: { email: EMAIL }, shown: { email: EMAIL, password: '' } },
};

describeModelTable<typeof LoginForm>({
  name: 'login-form',
  load: () => import('./login-form.machine'),
  machines: (m) => [m.loginForm.machine],
  tables: [{ table: formTable(spec), start: (m, inspect) => formDriver(m.loginForm.machine, spec, inspect) }],
  rowForEveryLeafBut: [],
  more: (module) => {
    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(module().loginForm.machine, ['submit'])).toEqual({
        submit: 'Error: login: submit is provided by the app',
      });
    });
  },
});

/** A signed-out session with its calls deferred, and the login form handing over to it. */
function loginPage(language: 'de' | 'en') {
  const fx = deferredActors(['login', 'verifyToken'] as const);
  const session = createActor(sessionMachine.provide({ actors: fx.actors }), {
    input: { storage: new MemoryStorage(), now: () => 0 },
  }).start();
  const form = createActor(
    loginFormLogic(session, () => language),
    { input: {} },
  ).start();
  form.send({ type: 'form.change', name: 'email', value: EMAIL });
  form.send({ type: 'form.change', name: 'password', value: PASSWORD });
  return { fx, session, form };
}

it('hands the checked login to the session in the page’s language, and is done once signed in', async () => {
  const { fx, session, form } = loginPage('en');
  form.send({ type: 'form.submit' });
  await flush();
  expect(session.getSnapshot().value).toBe('authenticating');
  expect(fx.calls).toEqual([{ id: 'login', input: { email: EMAIL, password: PASSWORD, locale: 'en' } }]);
  expect(form.getSnapshot().hasTag('busy')).toBe(true);
  fx.settle('login', 'done', { token: fakeToken({}, 0), refresh_token: 'r' });
  await flush();
  expect(session.getSnapshot().matches('authenticated')).toBe(true);
  expect(form.getSnapshot().value).toBe('done');
});

it('is done when the session waits for the SMS code (the session owns that step)', async () => {
  const { fx, session, form } = loginPage('de');
  form.send({ type: 'form.submit' });
  await flush();
  fx.settle('login', 'done', { token: fakeToken({ login_status: 'pending' }, 0) });
  await flush();
  expect(session.getSnapshot().value).toBe('mfaPending');
  expect(form.getSnapshot().value).toBe('done');
});

it('shows the session’s refusal on the form and keeps what was typed', async () => {
  const { fx, session, form } = loginPage('de');
  form.send({ type: 'form.submit' });
  await flush();
  fx.settle('login', 'error', wrong);
  await flush();
  expect(session.getSnapshot().value).toBe('loggedOut');
  expect(form.getSnapshot().value).toBe('editing');
  expect(form.getSnapshot().context).toMatchObject({
    error: 'login.invalid_credentials',
    fieldErrors: {},
    values: { email: EMAIL, password: PASSWORD },
  });
});

it('hands the session nothing while the form fails its check', async () => {
  const { fx, session, form } = loginPage('de');
  form.send({ type: 'form.change', name: 'email', value: 'luna' });
  form.send({ type: 'form.submit' });
  await flush();
  expect(session.getSnapshot().value).toBe('loggedOut');
  expect(fx.calls).toEqual([]);
  expect(form.getSnapshot().context.fieldErrors).toEqual({ email: ['email.invalid'] });
});
