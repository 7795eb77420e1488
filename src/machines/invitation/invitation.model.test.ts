import { expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as InvitationModule from './invitation.machine';

const INFO = {
  kind: 'profile',
  email: 'jonas@mail.test',
  name: 'Jonas Telefon',
  language: 'de',
  expiresAt: '2026-12-01T00:00:00.000Z',
};
const formInput = { values: { password: '', accepted: '' }, fixed: { language: 'en' } };
const checking = { info: null, error: null };

/** The specification, written by hand: the machine is checked against it, never against itself. */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §10 invitation' },
  initial: 'checking',
  initialContext: { language: 'en', ...checking },
  initialTags: ['busy'],
  events: ['open', 'used', 'expired', 'unknown', 'offline', 'retry'],
  states: {
    checking: {
      // A live link: the form where the person sets a password and accepts the terms starts.
      open: {
        target: 'open',
        context: { info: INFO, error: null },
        invoked: [{ src: 'acceptForm', input: formInput }],
        tags: [],
      },
      // A link that can never be accepted: the page says why, and nothing can be done on it.
      used: { target: 'refused', context: { info: null, error: 'invitation.used' }, tags: [] },
      expired: { target: 'refused', context: { info: null, error: 'invitation.expired' }, tags: [] },
      unknown: { target: 'refused', context: { info: null, error: 'invitation.not_found' }, tags: [] },
      // The check did not get through: the page offers to try again.
      offline: { target: 'failed', context: { info: null, error: 'network.unreachable' }, tags: [] },
    },
    failed: {
      retry: {
        target: 'checking',
        context: checking,
        invoked: [{ src: 'checkInvitation', input: undefined }],
        tags: ['busy'],
      },
    },
    refused: {},
    open: {},
  },
};

/**
 * The accept form, by hand: a password and the terms box ("yes" once ticked), the page's language
 * fixed; a ticked box sends both acceptances the terms require, an unticked one none.
 */
const acceptSpec: FormSpec = {
  input: { fixed: { language: 'en' } },
  initial: { password: '', accepted: '' },
  filled: { password: 'Sommer-Regen-2026', accepted: 'yes' },
  // An empty password is both missing and too short (the contract names every rule it breaks).
  initialErrors: { password: ['password.required', 'password.too_short'], accepted: ['accepted.missing'] },
  payload: {
    password: 'Sommer-Regen-2026',
    language: 'en',
    accepted: ['terms-conditions', 'condition-agreements'],
  },
  afterDone: { password: 'Sommer-Regen-2026', accepted: 'yes' },
  rejected: {
    thrown: { code: 'request.invalid', fields: { password: ['password.too_short'] } },
    fieldErrors: { password: ['password.too_short'] },
  },
  failed: { thrown: { code: 'email.taken' }, error: 'email.taken' },
  load: { values: { password: 'x' }, shown: { password: 'x', accepted: '' } },
};

function start({ invitationMachine }: typeof InvitationModule, inspect: Inspector) {
  const fx = deferredActors(['checkInvitation'] as const);
  const calls = fx.calls;
  const actor = createActor(
    invitationMachine.provide({
      actors: {
        ...fx.actors,
        acceptForm: fromCallback(({ input }) => {
          calls.push({ id: 'acceptForm', input });
        }),
      },
    }),
    { input: { language: 'en' }, inspect },
  ).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending('checkInvitation') > 0) fx.settleLatest('checkInvitation', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'open') settle('done', INFO);
      else if (event === 'used') settle('error', { code: 'invitation.used' });
      else if (event === 'expired') settle('error', { code: 'invitation.expired' });
      else if (event === 'unknown') settle('error', { code: 'invitation.not_found' });
      else if (event === 'offline') settle('error', new TypeError('Failed to fetch'));
      else actor.send({ type: 'invitation.retry' });
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    // The first check starts with the actor, before any event: the table's rows list what events start.
    calls: () => calls.slice(1).map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'invitation',
  load: () => import('./invitation.machine'),
  machines: (m) => [m.invitationMachine],
  tables: [
    { table, start },
    {
      name: 'the accept form',
      table: formTable(acceptSpec),
      start: (m, inspect) => formDriver(m.acceptInvitationForm.machine, acceptSpec, inspect),
    },
  ],
  everyTransition: true,
  more: (module) => {
    it('needs the app to provide its calls: each stand-in fails, naming the call', async () => {
      expect(await standInOutcomes(module().invitationMachine, ['checkInvitation'])).toEqual({
        checkInvitation: 'Error: checkInvitation is provided by the app',
      });
      expect(await standInOutcomes(module().acceptInvitationForm.machine, ['submit'])).toEqual({
        submit: 'Error: acceptInvitation: submit is provided by the app',
      });
    });

    it('runs its own accept form as `form`, empty, in the page’s language, once the link is open', async () => {
      const fx = deferredActors(['checkInvitation'] as const);
      const actor = createActor(module().invitationMachine.provide({ actors: fx.actors }), {
        input: { language: 'de' },
      }).start();
      fx.settle('checkInvitation', 'done', INFO);
      await flush();
      const form = actor.getSnapshot().children.form;
      expect(form?.getSnapshot().context).toMatchObject({
        values: { password: '', accepted: '' },
        fixed: { language: 'de' },
      });
    });

    it('sends no acceptance when the terms box is not ticked', async () => {
      const driver = formDriver(module().acceptInvitationForm.machine, {
        ...acceptSpec,
        filled: { password: 'Sommer-Regen-2026', accepted: 'no' },
      });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([]);
      expect(driver.snapshot().context).toMatchObject({ fieldErrors: { accepted: ['accepted.missing'] } });
    });
  },
});
