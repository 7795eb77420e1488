import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import type { ProfileResponse } from '../../../contract/profile';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
  sendsAndAnswers,
} from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as ProfileModule from './profile.machine';

/*
 * The profile form's specification, written by hand: for each state the events it takes, the state
 * and context after each, the tags, and which request starts with what input. Every event a state
 * does not list is sent before each step and must change nothing.
 */

const label = (en: string) => ({ de: en, en });
const fields: FieldDefinition[] = [
  {
    key: 'first_name',
    type: 'text',
    label: label('First name'),
    tab: 'personal',
    required: true,
    for: ['stella'],
  },
  {
    key: 'skills',
    type: 'multiselect',
    label: label('Skills'),
    tab: 'qualification',
    required: false,
    for: ['stella'],
    options: [{ value: 'sql', label: label('SQL') }],
  },
];
const profile = (version: number, values: Record<string, unknown>, image: string | null = null) =>
  ({
    uuid: '00000000-0000-4000-8000-000000000001',
    type: 'stella',
    values,
    image,
    status: 'active',
    pausedByAgency: false,
    completeness: 100,
    missing: [],
    version,
  }) satisfies ProfileResponse;
const mine = profile(1, { first_name: 'Ada' });
const saved = profile(2, { first_name: 'Grace' }, '/api/profile/photo/saved.jpg');
/** A profile nothing was filled in yet (registration step 4). */
const blank = profile(1, {});
const theirs = profile(3, { first_name: 'Hedy', skills: ['sql'] });
const IMAGE = '/api/profile/photo/new.jpg';
const input = { scope: 'profile' as const, userType: 'stella', fields, hasFinishedRegistration: true };

const ADA = { first_name: 'Ada' };
const GRACE = { first_name: 'Grace' };
const EMPTY = { first_name: '' };
/** The form as loaded (or saved) from this profile: nothing changed, no errors. */
const loadedFrom = (p: ProfileResponse) => ({
  profile: p,
  form: p.values,
  rollback: p.values,
  formErrors: {},
  hasFormChanged: false,
  image: p.image,
  theirs: null,
  error: null,
  reloadProfile: false,
  unsaved: false,
});
const edited = (form: Record<string, unknown>, changed: boolean) => ({
  form,
  rollback: ADA,
  formErrors: {},
  hasFormChanged: changed,
  /** What leaving the screen would lose (hasUnsavedChanges). */
  unsaved: changed,
});
const save = (values: Record<string, unknown>, version: number) => [
  { src: 'saveProfile', input: { scope: 'profile', values, version } },
];
const load = [{ src: 'loadProfile', input: { scope: 'profile' } }];
const busy = ['busy'];

/** A tab and a new photo are taken in every state and change only themselves (the form stays). */
function anywhere(state: string, tags: string[], profileNow: ProfileResponse | null) {
  return {
    tab: { target: state, context: { tab: 'qualification' }, tags },
    photo: {
      target: state,
      context: { image: IMAGE, profile: profileNow ? { ...profileNow, image: IMAGE } : null },
      tags,
    },
  } satisfies Record<string, Expectation>;
}

const table: ModelTable = {
  rules: { '*': 'PRODUCT §4 forms', loadFailed: 'SEED §8 failed profile load' },
  initial: 'loading',
  initialContext: {
    profile: null,
    form: {},
    rollback: {},
    formErrors: {},
    hasFormChanged: false,
    tab: 'personal',
    image: null,
    theirs: null,
    error: null,
    reloadProfile: false,
    hasFinishedRegistration: true,
  },
  initialTags: busy,
  events: [
    'loaded',
    'loadFailed',
    'changeGrace',
    'changeBack',
    'changeEmpty',
    'tab',
    'photo',
    'save',
    'rollback',
    'reload',
    'keepMine',
    'takeTheirs',
    'setStatus',
    'saved',
    'conflict',
    'rejected',
    'saveFailed',
    'saveOffline',
    'statusSet',
    'statusFailed',
  ],
  states: {
    loading: {
      loaded: { target: 'editing.clean', context: loadedFrom(mine), tags: [] },
      loadFailed: { target: 'loadFailed', context: { error: 'server.internal', profile: null }, tags: [] },
      ...anywhere('loading', busy, null),
    },
    // SEED-SPEC §8: the failure is kept; the screen offers a reload.
    loadFailed: {
      reload: { target: 'loading', context: { reloadProfile: true, error: null }, invoked: load, tags: busy },
      ...anywhere('loadFailed', [], null),
    },
    // Loaded `mine` (first_name Ada).
    'editing.clean': {
      changeGrace: { target: 'editing.dirty', context: edited(GRACE, true), tags: [] },
      changeBack: { target: 'editing.clean', context: edited(ADA, false), tags: [] },
      changeEmpty: { target: 'editing.dirty#empty', context: edited(EMPTY, true), tags: [] },
      setStatus: {
        target: 'changingStatus',
        context: { profile: mine },
        invoked: [{ src: 'setStatus', input: { status: 'inactive' } }],
        tags: busy,
      },
      reload: { target: 'loading', context: { reloadProfile: true }, invoked: load, tags: busy },
      ...anywhere('editing.clean', [], mine),
    },
    // Ada changed to Grace.
    'editing.dirty': {
      changeGrace: { target: 'editing.dirty', context: edited(GRACE, true), tags: [] },
      changeBack: { target: 'editing.clean', context: edited(ADA, false), tags: [] },
      changeEmpty: { target: 'editing.dirty#empty', context: edited(EMPTY, true), tags: [] },
      // While saving, leaving loses nothing the server is not already receiving.
      save: {
        target: 'saving',
        context: { ...edited(GRACE, true), unsaved: false },
        invoked: save(GRACE, 1),
        tags: busy,
      },
      rollback: { target: 'editing.clean', context: { ...edited(ADA, false), error: null }, tags: [] },
      reload: { target: 'loading', context: { reloadProfile: true }, invoked: load, tags: busy },
      ...anywhere('editing.dirty', [], mine),
    },
    // Ada emptied: a required field the browser already knows to refuse.
    'editing.dirty#empty': {
      save: {
        target: 'invalid',
        context: { form: EMPTY, formErrors: { first_name: ['field.required'] }, hasFormChanged: true },
        tags: [],
      },
      changeGrace: { target: 'editing.dirty', context: edited(GRACE, true), tags: [] },
      changeBack: { target: 'editing.clean', context: edited(ADA, false), tags: [] },
      changeEmpty: { target: 'editing.dirty#empty', context: edited(EMPTY, true), tags: [] },
      rollback: { target: 'editing.clean', context: edited(ADA, false), tags: [] },
      reload: { target: 'loading', context: { reloadProfile: true }, invoked: load, tags: busy },
      ...anywhere('editing.dirty#empty', [], mine),
    },
    // Saving Grace over version 1.
    saving: {
      saved: { target: 'saved', context: loadedFrom(saved), tags: [] },
      conflict: { target: 'conflict', context: { ...edited(GRACE, true), theirs, profile: mine }, tags: [] },
      rejected: {
        target: 'invalid',
        context: { form: GRACE, formErrors: { first_name: ['field.too_long'] }, hasFormChanged: true },
        tags: [],
      },
      saveFailed: {
        target: 'failed',
        context: { ...edited(GRACE, true), error: 'server.internal' },
        tags: [],
      },
      saveOffline: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
      ...anywhere('saving', busy, mine),
    },
    // Grace saved as version 2.
    saved: {
      setStatus: {
        target: 'changingStatus',
        context: { profile: saved },
        invoked: [{ src: 'setStatus', input: { status: 'inactive' } }],
        tags: busy,
      },
      changeGrace: {
        target: 'saved',
        context: { form: GRACE, rollback: GRACE, hasFormChanged: false },
        tags: [],
      },
      changeBack: {
        target: 'editing.dirty',
        context: { form: ADA, rollback: GRACE, hasFormChanged: true },
        tags: [],
      },
      changeEmpty: {
        target: 'editing.dirty#empty',
        context: { form: EMPTY, rollback: GRACE, hasFormChanged: true },
        tags: [],
      },
      reload: { target: 'loading', context: { reloadProfile: true }, invoked: load, tags: busy },
      ...anywhere('saved', [], saved),
    },
    // The browser refused the empty name; saving waits for a change.
    invalid: {
      changeGrace: { target: 'editing.dirty', context: edited(GRACE, true), tags: [] },
      changeBack: { target: 'editing.clean', context: edited(ADA, false), tags: [] },
      changeEmpty: { target: 'editing.dirty#empty', context: edited(EMPTY, true), tags: [] },
      rollback: { target: 'editing.clean', context: { ...edited(ADA, false), error: null }, tags: [] },
      ...anywhere('invalid', [], mine),
    },
    // Someone saved version 3 (Hedy) first.
    conflict: {
      // Save my form over theirs: the next PUT names their version.
      keepMine: {
        target: 'saving',
        context: { form: GRACE, theirs, unsaved: false },
        invoked: save(GRACE, 3),
        tags: busy,
      },
      takeTheirs: { target: 'editing.clean', context: loadedFrom(theirs), tags: [] },
      ...anywhere('conflict', [], mine),
    },
    // Saving Grace failed on the server.
    failed: {
      save: {
        target: 'saving',
        context: { form: GRACE, error: null, unsaved: false },
        invoked: save(GRACE, 1),
        tags: busy,
      },
      changeGrace: { target: 'editing.dirty', context: { ...edited(GRACE, true), error: null }, tags: [] },
      // Changed back to the loaded values: clean again, as from every other state.
      changeBack: { target: 'editing.clean', context: { ...edited(ADA, false), error: null }, tags: [] },
      changeEmpty: {
        target: 'editing.dirty#empty',
        context: { ...edited(EMPTY, true), error: null },
        tags: [],
      },
      rollback: { target: 'editing.clean', context: { ...edited(ADA, false), error: null }, tags: [] },
      ...anywhere('failed', [], mine),
    },
    // Pausing `mine` (status active).
    changingStatus: {
      // The status the server answers is taken, not the one asked for or the one before.
      statusSet: {
        target: 'editing.clean',
        context: {
          ...loadedFrom({ ...mine, status: 'paused' as never, pausedByAgency: 'told' as never }),
          error: null,
        },
        tags: [],
      },
      statusFailed: {
        target: 'editing.clean',
        context: { profile: mine, error: 'server.internal' },
        tags: [],
      },
      ...anywhere('changingStatus', busy, mine),
    },
  },
};

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
  const sends: Record<string, () => void> = {
    changeGrace: () => change('Grace'),
    changeBack: () => change('Ada'),
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

    it('needs the app to provide every call: each stand-in fails, naming the call', async () => {
      expect(
        await standInOutcomes(module().profileMachine, ['loadProfile', 'setStatus', 'saveProfile']),
      ).toEqual({
        loadProfile: 'Error: loadProfile is provided by the app',
        setStatus: 'Error: setStatus is provided by the app',
        saveProfile: 'Error: saveProfile is provided by the app',
      });
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
