import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Consent, ConsentsResponse } from '../../../contract/legal';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as ConsentsModule from './consents.machine';

const consent = (name: Consent['name'], accepted: string | null, current = '2026-12-01'): Consent => ({
  name,
  currentVersion: current,
  acceptedVersion: accepted,
  acceptedAt: accepted ? '2026-01-01T00:00:00.000Z' : null,
  requiresAcceptance: name === 'terms-conditions' || name === 'condition-agreements',
  outdated: accepted !== null && accepted < current,
});

/** New terms: the terms are outdated; the conditions and the (optional) imprint are fine. */
const newTerms: ConsentsResponse = {
  mustAccept: true,
  consents: [
    consent('terms-conditions', '2026-11-01'),
    consent('condition-agreements', '2026-12-01'),
    consent('impressum', null),
  ],
};
const allFine: ConsentsResponse = {
  mustAccept: false,
  consents: [consent('terms-conditions', '2026-12-01'), consent('condition-agreements', '2026-12-01')],
};
/** After accepting the terms, the conditions changed too (published while the user read). */
const conditionsChanged: ConsentsResponse = {
  mustAccept: true,
  consents: [
    consent('terms-conditions', '2026-12-01'),
    consent('condition-agreements', '2026-12-01', '2026-12-02'),
  ],
};
const terms = [consent('terms-conditions', '2026-11-01')];
const conditions = [consent('condition-agreements', '2026-12-01', '2026-12-02')];
const outdated = Object.assign(new Error('Conflict'), { code: 'legal.version_outdated' });

const busy = ['busy'];

/** Asking again for new terms, written by hand (PRODUCT.md §6). */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §8 consents' },
  initial: 'checking',
  initialContext: { pending: [], agreed: false, error: null },
  initialTags: busy,
  events: [
    'mustAnswer',
    'fineAnswer',
    'loadFailed',
    'retry',
    'agree',
    'disagree',
    'accept',
    'decline',
    'acceptedAll',
    'stillMust',
    'outdated',
    'acceptFailed',
  ],
  states: {
    checking: {
      mustAnswer: { target: 'asking', context: { pending: terms, agreed: false }, tags: [] },
      fineAnswer: { target: 'settled', context: { pending: [], error: null }, tags: [] },
      // A failed check asks nothing; the user is not locked out by a network fault.
      loadFailed: { target: 'unchecked', context: { error: 'network.unreachable', pending: [] }, tags: [] },
    },
    unchecked: {
      retry: { target: 'checking', invoked: [{ src: 'loadConsents', input: undefined }], tags: busy },
    },
    asking: {
      agree: { target: 'asking#agreed', context: { agreed: true }, tags: [] },
      disagree: { target: 'asking', context: { agreed: false }, tags: [] },
      // Accepting needs the box ticked: refused while it is not (accept is absent here).
      decline: { target: 'declined', invoked: [{ src: 'logout', input: undefined }], tags: [] },
    },
    'asking#agreed': {
      agree: { target: 'asking#agreed', context: { agreed: true } },
      disagree: { target: 'asking', context: { agreed: false } },
      accept: {
        target: 'accepting',
        context: { error: null },
        invoked: [{ src: 'acceptAll', input: { pending: terms } }],
        tags: busy,
      },
      decline: { target: 'declined', invoked: [{ src: 'logout', input: undefined }] },
    },
    accepting: {
      acceptedAll: { target: 'settled', tags: [] },
      // Something else must be accepted now: asked again, the box unticked.
      stillMust: { target: 'asking', context: { pending: conditions, agreed: false }, tags: [] },
      outdated: {
        target: 'checking',
        context: { error: 'legal.version_outdated' },
        invoked: [{ src: 'loadConsents', input: undefined }],
        tags: busy,
      },
      acceptFailed: {
        target: 'asking#agreed',
        context: { error: 'network.unreachable', agreed: true, pending: terms },
        tags: [],
      },
    },
    settled: {},
    declined: {},
  },
};

function start({ consentsMachine }: typeof ConsentsModule, inspect?: Inspector) {
  const fx = deferredActors(['loadConsents', 'acceptAll'] as const);
  const effects: { src: string; input: unknown }[] = [];
  const actor = createActor(
    consentsMachine.provide({
      actors: fx.actors,
      actions: { logout: () => effects.push({ src: 'logout', input: undefined }) },
    }),
    { inspect },
  ).start();
  const calls = () => [...fx.calls.slice(1).map((c) => ({ src: c.id, input: c.input })), ...effects];
  const settle = (
    id: 'loadConsents' | 'acceptAll',
    state: 'checking' | 'accepting',
    outcome: 'done' | 'error',
    value: unknown,
  ) => {
    if (fx.pending(id) > 0 && actor.getSnapshot().matches(state)) fx.settle(id, outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'mustAnswer') settle('loadConsents', 'checking', 'done', newTerms);
      else if (event === 'fineAnswer') settle('loadConsents', 'checking', 'done', allFine);
      else if (event === 'loadFailed')
        settle('loadConsents', 'checking', 'error', new TypeError('Failed to fetch'));
      else if (event === 'acceptedAll') settle('acceptAll', 'accepting', 'done', allFine);
      else if (event === 'stillMust') settle('acceptAll', 'accepting', 'done', conditionsChanged);
      else if (event === 'outdated') settle('acceptAll', 'accepting', 'error', outdated);
      else if (event === 'acceptFailed')
        settle('acceptAll', 'accepting', 'error', new TypeError('Failed to fetch'));
      else if (event === 'retry') actor.send({ type: 'consents.retry' });
      else if (event === 'agree') actor.send({ type: 'consents.agree', agreed: true });
      else if (event === 'disagree') actor.send({ type: 'consents.agree', agreed: false });
      else if (event === 'accept') actor.send({ type: 'consents.accept' });
      else actor.send({ type: 'consents.decline' });
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    status: () => actor.getSnapshot().status,
    // The first loadConsents is the start's own: the table's steps name the calls after it.
    calls,
  };
}

describeModelTable({
  name: 'consents',
  load: () => import('./consents.machine'),
  machines: (m) => [m.consentsMachine],
  tables: [{ table, start }],
  everyTransition: true,
  more: (module) => {
    itNeedsTheAppsCalls(() => module().consentsMachine, {
      loadConsents: 'Error: loadConsents is provided by the app',
      acceptAll: 'Error: acceptAll is provided by the app',
    });

    it('asks only when the server requires it and a required text is missing in the version in force', async () => {
      const answers: [ConsentsResponse, string][] = [
        // The server says so, but every required text is accepted already: nothing to ask.
        [{ mustAccept: true, consents: allFine.consents }, 'settled'],
        // An outdated text the server does not require (yet): nothing to ask.
        [{ mustAccept: false, consents: newTerms.consents }, 'settled'],
        [newTerms, 'asking'],
      ];
      for (const [answer, value] of answers) {
        const fx = deferredActors(['loadConsents', 'acceptAll'] as const);
        const actor = createActor(module().consentsMachine.provide({ actors: fx.actors })).start();
        fx.settle('loadConsents', 'done', answer);
        await flush();
        expect(actor.getSnapshot().value, JSON.stringify(answer)).toBe(value);
      }
    });

    it('ends once settled or declined', async () => {
      for (const events of [
        ['fineAnswer'],
        ['mustAnswer', 'decline'],
        ['mustAnswer', 'agree', 'accept', 'acceptedAll'],
      ]) {
        const driver = start(module());
        for (const event of events) await driver.send(event);
        expect(['settled', 'declined']).toContain(driver.snapshot().value);
        expect(driver.status(), events.join(' ')).toBe('done');
      }
    });

    it('a check that succeeds after a failed one shows no error', async () => {
      const driver = start(module());
      await driver.send('loadFailed');
      await driver.send('retry');
      await driver.send('fineAnswer');
      expect(driver.snapshot().value).toBe('settled');
      expect((driver.snapshot().context as { error: unknown }).error).toBeNull();
    });

    it('accepting again drops the reason the last try failed', async () => {
      const driver = start(module());
      for (const event of ['mustAnswer', 'agree', 'accept', 'acceptFailed']) await driver.send(event);
      expect((driver.snapshot().context as { error: unknown }).error).toBe('network.unreachable');
      await driver.send('accept');
      expect(driver.snapshot().value).toBe('accepting');
      expect((driver.snapshot().context as { error: unknown }).error).toBeNull();
    });

    it('checks once when it starts', () => {
      const fx = deferredActors(['loadConsents', 'acceptAll'] as const);
      createActor(module().consentsMachine.provide({ actors: fx.actors })).start();
      expect(fx.calls.map((c) => c.id)).toEqual(['loadConsents']);
    });
  },
});
