import { afterEach, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, observed } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import { answerOf, N1, N1_EDITED, N2, REFUSAL, TIMELINE_TABLE } from '../../../tests/support/timeline-table';
import type * as TimelineModule from './timeline.machine';
import type { TimelinePageQuery } from './timeline.machine';

// The specification is tests/support/timeline-table.ts.

function start({ timelineMachine }: typeof TimelineModule, inspect: Inspector | undefined) {
  const fx = deferredActors(['fetchPage'] as const);
  const actor = createActor(timelineMachine.provide({ actors: fx.actors }), {
    input: { subject: 'profile', uuid: 'p1' },
    inspect,
  }).start();
  // The read under way at the start is the table's initial state, not a step of it.
  const initialCalls = fx.calls.length;
  const sends: Record<string, () => void> = {
    more: () => actor.send({ type: 'timeline.more' }),
    filterCalls: () => actor.send({ type: 'timeline.filter', filter: 'call' }),
    filterAll: () => actor.send({ type: 'timeline.filter', filter: 'all' }),
    changed: () => actor.send({ type: 'timeline.changed' }),
    retry: () => actor.send({ type: 'timeline.retry' }),
    editOwn: () => actor.send({ type: 'timeline.edit', uuid: 'n1' }),
    editOther: () => actor.send({ type: 'timeline.edit', uuid: 'n2' }),
    editOld: () => actor.send({ type: 'timeline.edit', uuid: 'n3' }),
    cancelEdit: () => actor.send({ type: 'timeline.cancelEdit' }),
    saved: () => actor.send({ type: 'timeline.saved', entry: N1_EDITED }),
  };
  const view = observed(actor, fx);
  return {
    ...view,
    calls: () => view.calls().slice(initialCalls),
    async send(event: string) {
      const busy = actor.getSnapshot().hasTag('busy') && fx.pending('fetchPage') > 0;
      if (event === 'answered' || event === 'refused') {
        if (!busy) return;
        const query = fx.calls[fx.calls.length - 1]?.input as TimelinePageQuery;
        if (event === 'answered') fx.settleLatest('fetchPage', 'done', answerOf(query));
        else fx.settleLatest('fetchPage', 'error', { code: REFUSAL });
      } else sends[event]?.();
      await flush();
    },
  };
}

describeModelTable({
  name: 'timeline',
  load: () => import('./timeline.machine'),
  machines: (m) => [m.timelineMachine],
  tables: [
    {
      name: 'an agent on a candidate',
      table: TIMELINE_TABLE,
      start: (m: typeof TimelineModule, inspect: Inspector) => start(m, inspect),
    },
  ],
  everyTransition: true,
  more: (module) => {
    afterEach(() => vi.useRealTimers());

    /** A timeline whose first page holds the caller's notes n1 and n4, both editable until `until`. */
    async function twoOwnNotes(until = '2999-01-01T00:00:00.000Z') {
      const fx = deferredActors(['fetchPage'] as const);
      const actor = createActor(module().timelineMachine.provide({ actors: fx.actors }), {
        input: { subject: 'profile', uuid: 'p1' },
      }).start();
      const n1 = { ...N1, editableUntil: until };
      const n4 = { ...N1, uuid: 'n4', editableUntil: until };
      fx.settleLatest('fetchPage', 'done', { items: [n1, n4, N2], total: 3, page: 1, limit: 20 });
      await flush();
      return actor;
    }

    it('needs the app to provide its read: the stand-in fails, naming it', async () => {
      expect(await standInOutcomes(module().timelineMachine, ['fetchPage'])).toEqual({
        fetchPage: 'Error: fetchPage is provided by the timeline actors',
      });
    });

    it('opens one note at a time: a second own note stays closed while the first is open', async () => {
      const actor = await twoOwnNotes();
      actor.send({ type: 'timeline.edit', uuid: 'n1' });
      actor.send({ type: 'timeline.edit', uuid: 'n4' });
      expect(actor.getSnapshot().context.editing).toBe('n1');
      // Another entry saved meanwhile leaves the open one open.
      actor.send({ type: 'timeline.saved', entry: { ...N2, text: 'n2, corrected' } });
      expect(actor.getSnapshot().context.editing).toBe('n1');
      actor.send({ type: 'timeline.cancelEdit' });
      actor.send({ type: 'timeline.edit', uuid: 'n4' });
      expect(actor.getSnapshot().context.editing).toBe('n4');
    });

    it('refuses to open a note at the very moment its 24 hours end', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
      const actor = await twoOwnNotes('2026-03-02T10:00:00.000Z');
      actor.send({ type: 'timeline.edit', uuid: 'n1' });
      expect(actor.getSnapshot().context.editing).toBeNull();
      vi.setSystemTime(new Date('2026-03-02T09:59:59.999Z'));
      actor.send({ type: 'timeline.edit', uuid: 'n1' });
      expect(actor.getSnapshot().context.editing).toBe('n1');
    });

    it('reads the first page of everything as it starts', async () => {
      const fx = deferredActors(['fetchPage'] as const);
      createActor(module().timelineMachine.provide({ actors: fx.actors }), {
        input: { subject: 'job', uuid: 'j1' },
      }).start();
      await flush();
      expect(fx.calls).toEqual([
        { id: 'fetchPage', input: { subject: 'job', uuid: 'j1', page: 1, limit: 20 } },
      ]);
    });
  },
});
