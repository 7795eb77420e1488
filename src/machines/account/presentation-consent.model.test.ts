import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  type ModelTable,
  observed,
  sendsAndAnswers,
} from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as ConsentModule from './presentation-consent.machine';

/**
 * The consent to be presented by name (issue 21), written by hand: loaded once (not given); the
 * switch saves at once and shows the server's answer (given, with its time; withdrawn); a refused
 * save leaves the switch as it was with the code; a failed load offers a retry.
 */
const since = '2026-11-24T07:00:00.000Z';
const given = { consented: true, since };
const none = { consented: false, since: null };

const table: ModelTable = {
  rules: { '*': 'PRODUCT §10 cards: the full card only with consent' },
  initial: 'loading',
  initialContext: { consented: false, since: null, error: null },
  initialTags: ['busy'],
  events: [
    'loadedNone',
    'loadedGiven',
    'loadFailed',
    'retry',
    'give',
    'withdraw',
    'saved',
    'savedNone',
    'refused',
  ],
  states: {
    loading: {
      loadedNone: { target: 'ready', context: none, tags: [] },
      loadedGiven: { target: 'ready#given', context: given, tags: [] },
      loadFailed: { target: 'loadFailed', context: { error: 'network.unreachable' }, tags: [] },
    },
    loadFailed: {
      retry: {
        target: 'loading',
        invoked: [{ src: 'loadConsent', input: undefined }],
        context: { error: null },
        tags: ['busy'],
      },
    },
    ready: {
      give: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: true } }],
        tags: ['busy'],
      },
      withdraw: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: false } }],
        tags: ['busy'],
      },
    },
    'ready#given': {
      give: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: true } }],
        tags: ['busy'],
      },
      withdraw: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: false } }],
        tags: ['busy'],
      },
    },
    saving: {
      saved: { target: 'ready#given', context: { ...given, error: null }, tags: [] },
      savedNone: { target: 'ready', context: { ...none, error: null }, tags: [] },
      refused: { target: 'ready#refused', context: { error: 'auth.forbidden' }, tags: [] },
    },
    'ready#refused': {
      withdraw: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: false } }],
        context: { error: null },
        tags: ['busy'],
      },
      give: {
        target: 'saving',
        invoked: [{ src: 'saveConsent', input: { consented: true } }],
        context: { error: null },
        tags: ['busy'],
      },
    },
  },
};

function start({ presentationConsentMachine }: typeof ConsentModule, inspect?: Inspector) {
  const fx = deferredActors(['loadConsent', 'saveConsent'] as const);
  const actor = createActor(presentationConsentMachine.provide({ actors: fx.actors }), { inspect }).start();
  const send = sendsAndAnswers(
    actor,
    fx,
    {
      retry: () => actor.send({ type: 'consent.retry' }),
      give: () => actor.send({ type: 'consent.set', consented: true }),
      withdraw: () => actor.send({ type: 'consent.set', consented: false }),
    },
    {
      loadedNone: ['loadConsent', 'done', none],
      loadedGiven: ['loadConsent', 'done', given],
      loadFailed: ['loadConsent', 'error', new TypeError('Failed to fetch')],
      saved: ['saveConsent', 'done', given],
      savedNone: ['saveConsent', 'done', none],
      refused: ['saveConsent', 'error', { code: 'auth.forbidden' }],
    },
  );
  return {
    async send(event: string) {
      await send(event);
      await flush();
    },
    ...observed(actor, fx),
  };
}

describeModelTable<typeof ConsentModule>({
  name: 'presentation-consent',
  load: () => import('./presentation-consent.machine'),
  machines: (m) => [m.presentationConsentMachine],
  tables: [{ table, start }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    itNeedsTheAppsCalls(() => module().presentationConsentMachine, {
      loadConsent: 'Error: loadConsent is provided by the app',
      saveConsent: 'Error: saveConsent is provided by the app',
    });
  },
});
