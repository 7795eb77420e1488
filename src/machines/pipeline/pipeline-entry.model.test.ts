import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { describeModelTable, type Inspector } from '../../../tests/support/model';
import {
  CORRECTION,
  CORRECTION_EVENTS,
  keyStage,
  PIPELINE_EVENTS,
  pipelineTable,
  REJECTION,
  WITHDRAWAL,
} from '../../../tests/support/pipeline-table';
import type * as EntryModule from './pipeline-entry.machine';

function start({ pipelineEntryMachine }: typeof EntryModule, inspect: Inspector) {
  const actor = createActor(pipelineEntryMachine, { input: {}, inspect }).start();
  return {
    async send(event: string) {
      if (event === 'pipeline.rejected') actor.send({ type: 'pipeline.rejected', ...REJECTION });
      else if (event === 'pipeline.withdrawn') actor.send({ type: 'pipeline.withdrawn', ...WITHDRAWAL });
      else if (event.startsWith('correct.')) actor.send({ type: event, ...CORRECTION } as never);
      else actor.send({ type: event } as never);
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => [],
  };
}

describeModelTable({
  name: 'pipelineEntry',
  load: () => import('./pipeline-entry.machine'),
  machines: (m) => [m.pipelineEntryMachine],
  tables: [{ table: pipelineTable, start }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module) => {
    // The board asks a resolved snapshot per card: it offers exactly the table's moves of that key.
    it('offers each stage exactly the moves of the table', () => {
      for (const [key, row] of Object.entries(pipelineTable.states)) {
        const { stage, lastOpen } = keyStage(key);
        const offered = module().offeredMoves({ stage, lastOpenStage: lastOpen } as never);
        const expected = PIPELINE_EVENTS.filter((e) => e in row).map((e) => e.slice('pipeline.'.length));
        expect(offered, key).toEqual(expected);
      }
    });
    it('offers each stage exactly the corrections of the table', () => {
      for (const [key, row] of Object.entries(pipelineTable.states)) {
        const { stage, lastOpen } = keyStage(key);
        const offered = module().offeredCorrections({ stage, lastOpenStage: lastOpen } as never);
        const expected = CORRECTION_EVENTS.filter((e) => e in row).map((e) => e.slice('correct.'.length));
        expect(offered, key).toEqual(expected);
      }
    });
    it('builds the event of each stage with what a rejection or a withdrawal carries', () => {
      const { moveEvent } = module();
      expect(moveEvent('rejected', REJECTION)).toEqual({ type: 'pipeline.rejected', ...REJECTION });
      expect(moveEvent('rejected')).toEqual({ type: 'pipeline.rejected', by: 'agency', reason: '' });
      expect(moveEvent('withdrawn', WITHDRAWAL)).toEqual({ type: 'pipeline.withdrawn', ...WITHDRAWAL });
      expect(moveEvent('withdrawn')).toEqual({ type: 'pipeline.withdrawn' });
      expect(moveEvent('offer')).toEqual({ type: 'pipeline.offer' });
    });
    it('starts from what it is given', () => {
      const actor = createActor(module().pipelineEntryMachine, {
        input: { lastOpen: 'offer', reason: 'x', by: 'agency' },
      }).start();
      expect(actor.getSnapshot().context).toEqual({ lastOpen: 'offer', reason: 'x', by: 'agency' });
    });
  },
});
