import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  BLOCKED,
  ERASURE_TABLE,
  NOT_ASSIGNED,
  PREVIEW,
  REFUSED,
  TYPED_NAME,
  TYPED_WRONG,
} from '../../../tests/support/erasure-table';
import { describeModelTable, type Inspector, observed, sendsAndAnswers } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as ErasureModule from './erasure.machine';

// The specification is tests/support/erasure-table.ts.

function start({ erasureMachine }: typeof ErasureModule, inspect: Inspector | undefined) {
  const fx = deferredActors(['loadPreview', 'erase'] as const);
  const actor = createActor(
    erasureMachine.provide({
      actors: fx.actors,
      actions: { erased: (_, preview) => fx.record('erased', preview) },
    }),
    { input: { kind: 'profile', uuid: 'p1' }, inspect },
  ).start();
  const send = sendsAndAnswers(
    actor,
    fx,
    {
      open: () => actor.send({ type: 'erasure.open' }),
      cancel: () => actor.send({ type: 'erasure.cancel' }),
      retry: () => actor.send({ type: 'erasure.retry' }),
      reason: () => actor.send({ type: 'erasure.reason', reason: 'erasure_request' }),
      typeName: () => actor.send({ type: 'erasure.confirmText', text: TYPED_NAME }),
      typeWrong: () => actor.send({ type: 'erasure.confirmText', text: TYPED_WRONG }),
      confirm: () => actor.send({ type: 'erasure.confirm' }),
    },
    {
      'preview.done': ['loadPreview', 'done', PREVIEW],
      'preview.blocked': ['loadPreview', 'done', BLOCKED],
      'preview.error': ['loadPreview', 'error', { code: NOT_ASSIGNED }],
      'erase.done': ['erase', 'done', PREVIEW],
      'erase.error': ['erase', 'error', { code: REFUSED }],
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

describeModelTable<typeof ErasureModule>({
  name: 'erasure',
  load: () => import('./erasure.machine'),
  machines: (m) => [m.erasureMachine],
  tables: [{ table: ERASURE_TABLE, start: (m, inspect) => start(m, inspect) }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module) => {
    itNeedsTheAppsCalls(() => module().erasureMachine, {
      loadPreview: 'Error: erasure: loadPreview is provided by the app',
      erase: 'Error: erasure: erase is provided by the app',
    });

    it('takes the e-mail, typed in any case, as the confirmation too', async () => {
      const fx = deferredActors(['loadPreview', 'erase'] as const);
      const actor = createActor(module().erasureMachine.provide({ actors: fx.actors }), {
        input: { kind: 'profile', uuid: 'p1' },
      }).start();
      actor.send({ type: 'erasure.open' });
      fx.settle('loadPreview', 'done', PREVIEW);
      await flush();
      actor.send({ type: 'erasure.reason', reason: 'duplicate' });
      actor.send({ type: 'erasure.confirmText', text: 'PAULA@Mail.example' });
      expect(actor.getSnapshot().can({ type: 'erasure.confirm' })).toBe(true);
      actor.send({ type: 'erasure.confirm' });
      expect(fx.calls.at(-1)).toEqual({
        id: 'erase',
        input: { kind: 'profile', uuid: 'p1', reason: 'duplicate', confirm: 'PAULA@Mail.example' },
      });
    });
  },
});
