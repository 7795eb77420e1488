import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as EmailValidationModule from './email-validation.machine';

const pair = { token: 't', refresh_token: 'r' };

/**
 * The e-mail validation link (SEED-SPEC §2), written by hand: one call with the link's token; its
 * tokens go to the session (`tokensIssued`, listed among the calls), a refusal keeps its code, and
 * either answer ends the machine.
 */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §3 e-mail validation' },
  initial: 'validating',
  initialContext: { token: 'abc', error: null },
  initialTags: ['busy'],
  events: ['validated', 'refused', 'offline'],
  states: {
    validating: {
      validated: {
        target: 'validated',
        context: { token: 'abc', error: null },
        invoked: [{ src: 'tokensIssued', input: pair }],
        tags: [],
      },
      refused: { target: 'refused', context: { error: 'validation.invalid_token' }, tags: [] },
      offline: { target: 'refused#offline', context: { error: 'network.unreachable' }, tags: [] },
    },
    validated: {},
    refused: {},
    'refused#offline': {},
  },
};

/** The machine on the link's token, its call held open and the tokens it hands on recorded. */
function start({ emailValidationMachine }: typeof EmailValidationModule, inspect?: Inspector, token = 'abc') {
  const fx = deferredActors(['validateEmail'] as const);
  const issued: { src: string; input: unknown }[] = [];
  const actor = createActor(
    emailValidationMachine.provide({
      actors: fx.actors,
      actions: { tokensIssued: (_, p) => issued.push({ src: 'tokensIssued', input: p }) },
    }),
    { input: { token }, inspect },
  ).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().children.validateEmail) fx.settleLatest('validateEmail', outcome, value);
  };
  return {
    fx,
    actor,
    async send(event: string) {
      if (event === 'validated') settle('done', pair);
      else if (event === 'refused') settle('error', { code: 'validation.invalid_token' });
      else settle('error', new TypeError('Failed to fetch'));
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    // The call the link starts with is checked apart; the table lists what the answers cause.
    calls: () => issued,
  };
}

describeModelTable({
  name: 'email-validation',
  load: () => import('./email-validation.machine'),
  machines: (m) => [m.emailValidationMachine],
  tables: [{ table, start }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    itNeedsTheAppsCalls(() => module().emailValidationMachine, {
      validateEmail: 'Error: validateEmail is provided by the app',
    });

    it('validates the token once and hands the tokens to the session', async () => {
      const { fx, actor, calls } = start(module(), undefined, 'abc');
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(fx.calls).toEqual([{ id: 'validateEmail', input: { token: 'abc' } }]);
      fx.settle('validateEmail', 'done', pair);
      await flush();
      expect(actor.getSnapshot().value).toBe('validated');
      expect(actor.getSnapshot().status).toBe('done');
      expect(calls()).toEqual([{ src: 'tokensIssued', input: pair }]);
    });

    it('keeps the code of a refused link, issues nothing, and ends', async () => {
      const { fx, actor, calls } = start(module(), undefined, 'old');
      expect(fx.calls).toEqual([{ id: 'validateEmail', input: { token: 'old' } }]);
      fx.settle('validateEmail', 'error', { code: 'validation.invalid_token' });
      await flush();
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.error).toBe('validation.invalid_token');
      expect(calls()).toEqual([]);
    });

    it('needs the app to provide the call: the stand-in refuses', async () => {
      const actor = createActor(module().emailValidationMachine, { input: { token: 'abc' } }).start();
      await flush();
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    });
  },
});
