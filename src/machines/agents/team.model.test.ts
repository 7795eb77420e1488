import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, observed, sendsAndAnswers } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import { ALEX, HAS_RECORDS, MOVED, NORA, NORAS_RECORDS, TEAM_TABLE } from '../../../tests/support/team-table';
import type * as TeamModule from './team.machine';

// The specification is tests/support/team-table.ts.

function start({ teamMachine }: typeof TeamModule, inspect: Inspector | undefined) {
  const fx = deferredActors(['reassign', 'deactivate', 'reactivate'] as const);
  const actor = createActor(
    teamMachine.provide({
      actors: fx.actors,
      actions: { teamChanged: () => fx.record('teamChanged', null) },
    }),
    { inspect },
  ).start();
  const send = sendsAndAnswers(
    actor,
    fx,
    {
      reassign: () => actor.send({ type: 'team.reassign', from: NORA, to: ALEX }),
      reassignToSelf: () => actor.send({ type: 'team.reassign', from: NORA, to: NORA }),
      deactivate: () =>
        actor.send({ type: 'team.deactivate', agent: NORA, reassignTo: ALEX, records: NORAS_RECORDS }),
      deactivateAlone: () =>
        actor.send({ type: 'team.deactivate', agent: NORA, reassignTo: null, records: 0 }),
      deactivateUnchosen: () =>
        actor.send({ type: 'team.deactivate', agent: NORA, reassignTo: null, records: NORAS_RECORDS }),
      confirm: () => actor.send({ type: 'team.confirm' }),
      cancel: () => actor.send({ type: 'team.cancel' }),
      reactivate: () => actor.send({ type: 'team.reactivate', agent: NORA }),
      dismiss: () => actor.send({ type: 'team.dismiss' }),
    },
    {
      'reassign.done': ['reassign', 'done', MOVED],
      'reassign.error': ['reassign', 'error', { code: HAS_RECORDS }],
      'deactivate.done': ['deactivate', 'done', {}],
      'deactivate.error': ['deactivate', 'error', { code: HAS_RECORDS }],
      'reactivate.done': ['reactivate', 'done', {}],
      'reactivate.error': ['reactivate', 'error', { code: HAS_RECORDS }],
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

describeModelTable<typeof TeamModule>({
  name: 'team',
  load: () => import('./team.machine'),
  machines: (m) => [m.teamMachine],
  tables: [{ table: TEAM_TABLE, start: (m, inspect) => start(m, inspect) }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module) => {
    itNeedsTheAppsCalls(() => module().teamMachine, {
      reassign: 'Error: team: reassign is provided by the app',
      deactivate: 'Error: team: deactivate is provided by the app',
      reactivate: 'Error: team: reactivate is provided by the app',
    });
  },
});
