import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  lazyModule,
  type ModelTable,
  recordVisits,
  replayPath,
  tableCoverage,
  tablePaths,
  tableState,
} from '../../../tests/support/model';
import type * as SubmissionModule from './submission.machine';

const input = { email: 'a@b.de' };
const rejection = { code: 'request.invalid', fields: { email: ['email.invalid'] } };
const cleared = { error: null, fields: {} };

/** The specification, written by hand: the machine is checked against it, never against itself. */
const table: ModelTable = {
  initial: 'idle',
  initialContext: cleared,
  initialTags: [],
  events: ['submit', 'reset', 'done', 'error', 'networkError', 'oddError', 'noReason'],
  states: {
    idle: {
      submit: { target: 'submitting', context: cleared, invoked: [{ src: 'submit', input }], tags: ['busy'] },
    },
    submitting: {
      done: { target: 'done', context: cleared, tags: [] },
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

const machines = lazyModule<typeof SubmissionModule>(() => import('./submission.machine'));
const paths = tablePaths(table);
const visited = new Set<string>();
const executed = new Set<string>();

function start() {
  const fx = deferredActors(['submit'] as const);
  const actor = createActor(machines.get().submissionMachine.provide({ actors: fx.actors }), {
    inspect: recordVisits(visited),
  }).start();
  // An actor's result can only arrive while it runs: outside `submitting` there is nothing to settle.
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().children.submit) fx.settleLatest('submit', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'submit') actor.send({ type: 'submission.submit', input });
      else if (event === 'reset') actor.send({ type: 'submission.reset' });
      else if (event === 'done') settle('done', null);
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
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describe('submission machine, against its expectation table', () => {
  beforeAll(machines.load);
  afterAll(() => {
    process.stdout.write(tableCoverage('submission', table, machines.get().submissionMachine, executed).line);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    await replayPath(table, path, start, (actual, expected, what) => expect(actual, what).toEqual(expected));
    executed.add(name);
  });

  it('covered every state of the machine and every transition of the table', () => {
    const { states } = tableCoverage('submission', table, machines.get().submissionMachine, executed);
    expect([...visited].sort()).toEqual(states.sort());
    expect([...new Set(Object.keys(table.states).map(tableState))].sort()).toEqual(states.sort());
    expect([...executed].sort()).toEqual(paths.map((p) => p.name).sort());
  });
});
