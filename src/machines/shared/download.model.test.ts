import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  type ModelTable,
  snapshotOf,
} from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as DownloadModule from './download.machine';

const blob = new Blob(['%PDF']);
const file = { blob, fileName: 'a.pdf' };
const fetching = {
  target: 'fetching',
  context: { error: null },
  invoked: [{ src: 'fetchFile', input: { fileName: 'a.pdf' } }],
  tags: ['busy'],
};

/**
 * One download button, written by hand: a start fetches (busy, a second start is refused, so a double
 * click downloads once), the file is saved under its name, a failure keeps its code until the next try.
 * `saveFile` is listed among the calls with the file it saves.
 */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §8 protected files' },
  initial: 'idle',
  initialContext: { error: null },
  initialTags: [],
  events: ['start', 'fetched', 'refused', 'offline'],
  states: {
    idle: { start: fetching },
    fetching: {
      fetched: {
        target: 'idle',
        context: { error: null },
        invoked: [{ src: 'saveFile', input: file }],
        tags: [],
      },
      refused: { target: 'failed', context: { error: 'auth.required' }, tags: [] },
      offline: { target: 'failed#offline', context: { error: 'network.unreachable' }, tags: [] },
    },
    failed: { start: fetching },
    'failed#offline': { start: fetching },
  },
};

function start({ downloadMachine }: typeof DownloadModule, inspect?: Inspector) {
  const fx = deferredActors(['fetchFile'] as const);
  const actor = createActor(
    downloadMachine.provide({
      actors: {
        fetchFile: fx.actors.fetchFile,
      },
      actions: { saveFile: (_, saved) => fx.record('saveFile', saved) },
    }),
    { inspect },
  ).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().children.fetchFile) fx.settleLatest('fetchFile', outcome, value);
  };
  return {
    fx,
    actor,
    async send(event: string) {
      if (event === 'start') actor.send({ type: 'download.start', fileName: 'a.pdf' });
      else if (event === 'fetched') settle('done', file);
      else if (event === 'refused') settle('error', { code: 'auth.required' });
      else settle('error', new TypeError('Failed to fetch'));
      await flush();
    },
    snapshot: () => snapshotOf(actor),
    // In the order they happened: a later start's fetch is not taken for an earlier save.
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'download',
  load: () => import('./download.machine'),
  machines: (m) => [m.downloadMachine],
  tables: [{ table, start }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    itNeedsTheAppsCalls(() => module().downloadMachine, {
      fetchFile: 'Error: fetchFile is provided by the app',
    });

    it('fetches once however often it is started while busy, then saves the file under its name', async () => {
      const { fx, actor, calls } = start(module());
      actor.send({ type: 'download.start', fileName: 'a.pdf' });
      actor.send({ type: 'download.start', fileName: 'a.pdf' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(fx.calls).toEqual([{ id: 'fetchFile', input: { fileName: 'a.pdf' } }]);
      fx.settle('fetchFile', 'done', file);
      await flush();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(calls().filter((c) => c.src === 'saveFile')).toEqual([{ src: 'saveFile', input: file }]);
    });

    it('needs the app to provide the call: the stand-in fails', async () => {
      const actor = createActor(module().downloadMachine).start();
      actor.send({ type: 'download.start', fileName: 'a.pdf' });
      await flush();
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    });
  },
});
