import type { FieldDefinition } from '../../contract/catalog';
import type { ProfileResponse } from '../../contract/profile';
import type { Expectation, ModelTable } from './model';

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
  { key: 'phone', type: 'phone', label: label('Phone'), tab: 'personal', required: false, for: ['stella'] },
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
export const mine = profile(1, { first_name: 'Ada' });
export const saved = profile(2, { first_name: 'Grace' }, '/api/profile/photo/saved.jpg');
/** A profile nothing was filled in yet (registration step 4). */
export const blank = profile(1, {});
export const theirs = profile(3, { first_name: 'Hedy', skills: ['sql'], phone: '+4915123456789' });
export const IMAGE = '/api/profile/photo/new.jpg';
export const input = { scope: 'profile' as const, userType: 'stella', fields, hasFinishedRegistration: true };

const ADA = { first_name: 'Ada' };
const GRACE = { first_name: 'Grace' };
const EMPTY = { first_name: '' };
/** Stored phone numbers (E.164) as the form shows them to a reader in Germany, written by hand. */
const SHOWN: Record<string, string> = { '+4915123456789': '01512 3456789' };
const shown = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, (typeof value === 'string' && SHOWN[value]) || value]),
  );
/** The form as loaded (or saved) from this profile: nothing changed, no errors, numbers as dialled. */
export const loadedFrom = (p: ProfileResponse) => ({
  profile: p,
  form: shown(p.values),
  rollback: shown(p.values),
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
export const load = [{ src: 'loadProfile', input: { scope: 'profile' } }];
export const busy = ['busy'];

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

export const table: ModelTable = {
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
      // The events name a change of the saved name and the saved name typed back (the drivers'
      // edit is always a change of what was saved): here Ada, and Grace typed again changes nothing.
      changeGrace: {
        target: 'editing.dirty',
        context: { form: ADA, rollback: GRACE, hasFormChanged: true },
        tags: [],
      },
      changeBack: {
        target: 'saved',
        context: { form: GRACE, rollback: GRACE, hasFormChanged: false },
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
