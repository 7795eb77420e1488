import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  type ModelTable,
  sendsAndAnswers,
} from '../../../tests/support/model';
import {
  blank,
  busy,
  IMAGE,
  input,
  load,
  loadedFrom,
  mine,
  saved,
  table,
  theirs,
} from '../../../tests/support/profile-table';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as ProfileModule from './profile.machine';

const ACTORS = ['loadProfile', 'saveProfile', 'setStatus'] as const;
type ActorId = (typeof ACTORS)[number];
const results = ({
  SaveConflict,
  SaveRejected,
}: typeof ProfileModule): Record<string, [ActorId, 'done' | 'error', unknown]> => ({
  loaded: ['loadProfile', 'done', mine],
  loadedBlank: ['loadProfile', 'done', blank],
  loadFailed: ['loadProfile', 'error', { code: 'server.internal' }],
  saved: ['saveProfile', 'done', saved],
  conflict: ['saveProfile', 'error', new SaveConflict(theirs)],
  rejected: ['saveProfile', 'error', new SaveRejected({ first_name: ['field.too_long'] })],
  saveFailed: ['saveProfile', 'error', { code: 'server.internal' }],
  saveOffline: ['saveProfile', 'error', new TypeError('Failed to fetch')],
  // The server answers a status other than the one asked for: the machine must take the answer.
  statusSet: ['setStatus', 'done', { status: 'paused', pausedByAgency: 'told' }],
  statusFailed: ['setStatus', 'error', { code: 'server.internal' }],
});

function start(module: typeof ProfileModule, inspect?: Inspector) {
  const { profileMachine, hasUnsavedChanges } = module;
  const RESULTS = results(module);
  const fx = deferredActors(ACTORS);
  const actor = createActor(profileMachine.provide({ actors: fx.actors }), {
    input,
    inspect,
  }).start();
  const initialCalls = fx.calls.length;
  const change = (value: string) => actor.send({ type: 'profile.change', key: 'first_name', value });
  // The name as last loaded or saved: a walk may have saved Grace or taken their Hedy.
  const savedName = () => actor.getSnapshot().context.rollback.first_name;
  const sends: Record<string, () => void> = {
    // A change of the name, as a person types one: after a save that stored Grace, typing Grace
    // again is no change at all, so the edit is then Ada (as the job driver's edit).
    changeGrace: () => change(savedName() === 'Grace' ? 'Ada' : 'Grace'),
    // The saved name typed back.
    changeBack: () => change(typeof savedName() === 'string' ? (savedName() as string) : 'Ada'),
    changeEmpty: () => change(''),
    tab: () => actor.send({ type: 'profile.tab', tab: 'qualification' }),
    photo: () => actor.send({ type: 'profile.photoChanged', image: IMAGE }),
    save: () => actor.send({ type: 'profile.save' }),
    rollback: () => actor.send({ type: 'profile.rollback' }),
    reload: () => actor.send({ type: 'profile.reload' }),
    keepMine: () => actor.send({ type: 'profile.keepMine' }),
    takeTheirs: () => actor.send({ type: 'profile.takeTheirs' }),
    setStatus: () => actor.send({ type: 'profile.setStatus', status: 'inactive' }),
  };
  return {
    send: sendsAndAnswers(actor, fx, sends, RESULTS),
    snapshot() {
      const snap = actor.getSnapshot();
      if (snap.status === 'error') throw snap.error;
      return {
        value: snap.value,
        context: { ...snap.context, unsaved: hasUnsavedChanges(snap) },
        tags: snap.tags as Set<string>,
      };
    },
    calls: () => fx.calls.slice(initialCalls).map((c) => ({ src: c.id, input: c.input })),
    initialCalls: () => fx.calls.slice(0, initialCalls).map((c) => ({ src: c.id, input: c.input })),
  };
}

/*
 * Registration step 4 (issue 22): the untouched form of a blank profile, submitted, names what is
 * missing. (An untouched complete form has nothing to save: the main table's clean state refuses it.)
 */
const blankTable: ModelTable = {
  rules: { '*': 'PRODUCT §4 forms' },
  initial: 'loading',
  initialTags: busy,
  events: ['loadedBlank', 'save'],
  states: {
    loading: { loadedBlank: { target: 'editing.clean', context: loadedFrom(blank), tags: [] } },
    'editing.clean': {
      save: {
        target: 'invalid',
        context: {
          form: {},
          formErrors: { first_name: ['field.required'] },
          hasFormChanged: false,
          unsaved: false,
        },
        tags: [],
      },
    },
  },
};

describeModelTable({
  name: 'profile',
  load: () => import('./profile.machine'),
  machines: (m) => [m.profileMachine],
  tables: [
    { table, start },
    { name: 'blank profile', table: blankTable, start },
  ],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module, inspect) => {
    it('counts empty strings, nothing and empty lists as not filled, and keeps every other value', () => {
      const { cleanValues } = module();
      expect(
        cleanValues({
          first_name: '',
          last_name: null,
          phone: undefined,
          skills: [],
          city: 'Berlin',
          languages: ['de'],
          hours: 0,
          driving_licence: false,
        }),
      ).toEqual({ city: 'Berlin', languages: ['de'], hours: 0, driving_licence: false });
    });

    itNeedsTheAppsCalls(() => module().profileMachine, {
      loadProfile: 'Error: loadProfile is provided by the app',
      setStatus: 'Error: setStatus is provided by the app',
      saveProfile: 'Error: saveProfile is provided by the app',
    });

    it('loads the profile of its scope as it starts', () => {
      expect(start(module(), inspect).initialCalls()).toEqual(load);
    });

    // PRODUCT.md §8: the agency's block. A candidate whose profile the agency paused may switch
    // matching off but not on; the refused event starts no call and changes nothing.
    it('refuses switching matching on while the agency pauses the profile, and still takes switching off', async () => {
      const { profileMachine } = module();
      const fx = deferredActors(ACTORS);
      const actor = createActor(profileMachine.provide({ actors: fx.actors }), { input }).start();
      fx.settle('loadProfile', 'done', { ...mine, status: 'inactive', pausedByAgency: true });
      await flush();
      const before = actor.getSnapshot();
      expect(before.can({ type: 'profile.setStatus', status: 'active' })).toBe(false);
      expect(before.can({ type: 'profile.setStatus', status: 'inactive' })).toBe(true);
      const calls = fx.calls.length;
      actor.send({ type: 'profile.setStatus', status: 'active' });
      expect(actor.getSnapshot().value).toEqual({ editing: 'clean' });
      expect(fx.calls.length).toBe(calls);
      actor.send({ type: 'profile.setStatus', status: 'inactive' });
      expect(actor.getSnapshot().value).toBe('changingStatus');
      expect(fx.calls.at(-1)).toMatchObject({ id: 'setStatus', input: { status: 'inactive' } });
      // Lifted meanwhile: the answer says so, and switching on is offered again.
      fx.settle('setStatus', 'done', { status: 'inactive', pausedByAgency: false });
      await flush();
      expect(actor.getSnapshot().context.profile).toMatchObject({
        status: 'inactive',
        pausedByAgency: false,
      });
      expect(actor.getSnapshot().can({ type: 'profile.setStatus', status: 'active' })).toBe(true);
    });

    // Once a fault (the machine went to `editing.dirty` with hasFormChanged false): after a failed
    // save, changing the form back to what was loaded leaves a clean form, which then takes no save.
    it('after a failed save, changing the form back to the loaded values leaves it clean', async () => {
      const driver = start(module(), inspect);
      for (const e of ['loaded', 'changeGrace', 'save', 'saveFailed', 'changeBack']) await driver.send(e);
      expect(driver.snapshot().value).toEqual({ editing: 'clean' });
      expect(driver.snapshot().context).toMatchObject({ hasFormChanged: false, error: null, unsaved: false });
      const calls = driver.calls().length;
      await driver.send('save');
      expect(driver.snapshot().value).toEqual({ editing: 'clean' });
      expect(driver.calls().length).toBe(calls);
    });
  },
});
