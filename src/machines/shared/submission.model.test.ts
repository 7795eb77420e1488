import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as SubmissionModule from './submission.machine';

const input = { email: 'a@b.de' };
const rejection = { code: 'request.invalid', fields: { email: ['email.invalid'] } };
const cleared = { error: null, fields: {} };
const answer = { uuid: 'j1' };

/** The specification, written by hand: the machine is checked against it, never against itself. */
const table: ModelTable = {
  rules: { '*': 'SEED §8 other errors' },
  initial: 'idle',
  initialContext: cleared,
  initialTags: [],
  events: ['submit', 'reset', 'done', 'error', 'networkError', 'oddError', 'noReason'],
  states: {
    idle: {
      submit: { target: 'submitting', context: cleared, invoked: [{ src: 'submit', input }], tags: ['busy'] },
    },
    submitting: {
      // Whoever listens is told what the request answered (the jobs list opens a job it took).
      done: { target: 'done', context: cleared, invoked: [{ src: 'done', input: answer }], tags: [] },
      error: {
        target: 'idle#failed',
        context: { error: 'request.invalid', fields: rejection.fields },
        tags: [],
      },
      networkError: {
        target: 'idle#failed',
        context: { error: 'network.unreachable', fields: {} },
        tags: [],
      },
      // A rejection without a usable code or field map (a numeric code, fields not an object) …
      oddError: { target: 'idle#failed', context: { error: 'network.unreachable', fields: {} }, tags: [] },
      // … or with no reason at all still leaves the form with a reason to show, and no field errors.
      noReason: { target: 'idle#failed', context: { error: 'network.unreachable', fields: {} }, tags: [] },
    },
    // Refused by the server: sending again starts without the old reason.
    'idle#failed': {
      submit: { target: 'submitting', context: cleared, invoked: [{ src: 'submit', input }], tags: ['busy'] },
    },
    done: {
      submit: { target: 'submitting', context: cleared, invoked: [{ src: 'submit', input }], tags: ['busy'] },
      reset: { target: 'idle', context: cleared, tags: [] },
    },
  },
};

function start({ submissionMachine }: typeof SubmissionModule, inspect: Inspector) {
  const fx = deferredActors(['submit'] as const);
  const actor = createActor(submissionMachine.provide({ actors: fx.actors }), { inspect });
  // The requests started and what the machine told, in the order they happened.
  const calls: { src: string; input: unknown }[] = [];
  let seen = 0;
  const sync = () => {
    for (const c of fx.calls.slice(seen)) calls.push({ src: c.id, input: c.input });
    seen = fx.calls.length;
  };
  actor.on('submission.done', ({ output }) => {
    sync();
    calls.push({ src: 'done', input: output });
  });
  actor.start();
  // An actor's result can only arrive while it runs: outside `submitting` there is nothing to settle.
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().children.submit) fx.settleLatest('submit', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'submit') actor.send({ type: 'submission.submit', input });
      else if (event === 'reset') actor.send({ type: 'submission.reset' });
      else if (event === 'done') settle('done', answer);
      else if (event === 'error') settle('error', rejection);
      else if (event === 'oddError') settle('error', { code: 42, fields: 'email.invalid' });
      else if (event === 'noReason') settle('error', undefined);
      else settle('error', new TypeError('Failed to fetch'));
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => {
      sync();
      return [...calls];
    },
  };
}

describeModelTable({
  name: 'submission',
  load: () => import('./submission.machine'),
  machines: (m) => [m.submissionMachine],
  tables: [{ table, start }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    itNeedsTheAppsCalls(() => module().submissionMachine, {
      submit: 'Error: submit is provided by the screen',
    });

    it('needs the app to provide the request: the stand-in fails', async () => {
      const actor = createActor(module().submissionMachine).start();
      actor.send({ type: 'submission.submit', input });
      await flush();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    });
  },
});
