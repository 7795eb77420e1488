import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import { buildValuesSchema } from '../../../contract/catalog-schema';
import { errorCodeOf } from '../../../contract/errors';
import { fieldErrors } from '../../../contract/field-errors';
import { phoneForReader } from '../../../contract/phone';
import type { ProfileResponse, ProfileStatus, ProfileStatusResponse } from '../../../contract/profile';

export type FormValues = Record<string, unknown>;

/** The client profile state of SEED-SPEC §3. */
export interface ProfileContext {
  scope: 'profile' | 'company';
  userType: string;
  fields: FieldDefinition[];
  profile: ProfileResponse | null;
  tab: string;
  form: FormValues;
  formErrors: Record<string, string[]>;
  hasFormChanged: boolean;
  /** The values a rollback returns to: the profile as loaded or last saved. */
  rollback: FormValues;
  /** True while a reload asked for is under way. */
  reloadProfile: boolean;
  hasFinishedRegistration: boolean;
  image: string | null;
  photoImage: string | null;
  /** The other side's profile after a 409: "keep mine" or "take theirs". */
  theirs: ProfileResponse | null;
  /** Error code of a failed load or save (translated by the UI). */
  error: string | null;
}

export type ProfileEvent =
  | { type: 'profile.change'; key: string; value: unknown }
  | { type: 'profile.tab'; tab: string }
  | { type: 'profile.save' }
  | { type: 'profile.rollback' }
  | { type: 'profile.reload' }
  | { type: 'profile.keepMine' }
  | { type: 'profile.takeTheirs' }
  | { type: 'profile.setStatus'; status: ProfileStatus }
  | { type: 'profile.photoChanged'; image: string | null };

export interface ProfileInput {
  scope: 'profile' | 'company';
  userType: string;
  fields: FieldDefinition[];
  hasFinishedRegistration: boolean;
}

/** Thrown by the save actor when the server answers 409 with the current profile. */
export class SaveConflict extends Error {
  constructor(readonly current: ProfileResponse) {
    super('profile.version_conflict');
  }
}

/** Thrown by the save actor for a 400 with per-field codes. */
export class SaveRejected extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('request.invalid');
  }
}

/** Values as the form holds them: empty strings and empty lists count as "not filled". */
export function cleanValues(form: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(form)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const outputOf = ({ event }: { event: { output: ProfileResponse } }) => event.output;
const same = (a: FormValues, b: FormValues) =>
  JSON.stringify(cleanValues(a)) === JSON.stringify(cleanValues(b));

/** Client-side check with the same builder the server uses; per-field codes, or null when valid. */
export function validateForm(context: Pick<ProfileContext, 'scope' | 'fields' | 'userType' | 'form'>) {
  const schema = buildValuesSchema(context.scope, context.fields, { userType: context.userType });
  const result = v.safeParse(schema, cleanValues(context.form));
  return result.success ? null : fieldErrors(result.issues);
}

/**
 * The form's text of stored values: a phone number as its reader dials it ("01512 3456789"); the
 * server turns what is typed back into E.164.
 */
function formValuesOf(fields: FieldDefinition[], values: FormValues): FormValues {
  const form = { ...values };
  for (const field of fields) {
    const value = form[field.key];
    if (field.type === 'phone' && typeof value === 'string') form[field.key] = phoneForReader(value);
  }
  return form;
}

function loaded(profile: ProfileResponse, fields: FieldDefinition[]) {
  const form = formValuesOf(fields, profile.values);
  return {
    profile,
    form,
    rollback: { ...form },
    formErrors: {},
    hasFormChanged: false,
    image: profile.image,
    theirs: null,
    error: null,
    reloadProfile: false,
  };
}

/**
 * Editing one's own profile or company profile (issue "Profiles"): the form, its errors, unsaved
 * changes, rollback, reload, and the choice after someone else saved first.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    loadProfile: fromPromise<ProfileResponse, { scope: 'profile' | 'company' }>(async () => {
      throw new Error('loadProfile is provided by the app');
    }),
    setStatus: fromPromise<ProfileStatusResponse, { status: ProfileStatus }>(async () => {
      throw new Error('setStatus is provided by the app');
    }),
    saveProfile: fromPromise<
      ProfileResponse,
      { scope: 'profile' | 'company'; values: FormValues; version: number }
    >(async () => {
      throw new Error('saveProfile is provided by the app');
    }),
  },
  actions: {
    takeLoaded: assign(({ context }, profile: ProfileResponse) => loaded(profile, context.fields)),
    takeTheirs: assign(({ context }) => (context.theirs ? loaded(context.theirs, context.fields) : {})),
    change: assign(({ context, event }) => {
      assertEvent(event, 'profile.change');
      const form = { ...context.form, [event.key]: event.value };
      const { [event.key]: _cleared, ...formErrors } = context.formErrors;
      return { form, formErrors, hasFormChanged: !same(form, context.rollback) };
    }),
    selectTab: assign(({ event }) => {
      assertEvent(event, 'profile.tab');
      return { tab: event.tab };
    }),
    rollBack: assign(({ context }) => ({
      form: { ...context.rollback },
      formErrors: {},
      hasFormChanged: false,
      error: null,
    })),
    markReload: assign({ reloadProfile: true }),
    takeStatus: assign(({ context }, answer: ProfileStatusResponse) => ({
      profile: context.profile
        ? { ...context.profile, status: answer.status, pausedByAgency: answer.pausedByAgency }
        : null,
      error: null,
    })),
    takeImage: assign(({ context, event }) => {
      assertEvent(event, 'profile.photoChanged');
      return {
        image: event.image,
        profile: context.profile ? { ...context.profile, image: event.image } : null,
      };
    }),
    showErrors: assign(({ context }) => ({ formErrors: validateForm(context) ?? {} })),
    takeServerErrors: assign((_, error: unknown) => ({
      formErrors: error instanceof SaveRejected ? error.fields : {},
    })),
    takeConflict: assign((_, error: unknown) => ({
      theirs: error instanceof SaveConflict ? error.current : null,
    })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    formChanged: ({ context, event }) => {
      assertEvent(event, 'profile.change');
      return !same({ ...context.form, [event.key]: event.value }, context.rollback);
    },
    formIsValid: ({ context }) => validateForm(context) === null,
    formIsInvalid: ({ context }) => validateForm(context) !== null,
    /** Matching goes off any time; on only while the agency does not block the profile (PRODUCT.md §8). */
    mayChangeStatus: ({ context, event }) => {
      assertEvent(event, 'profile.setStatus');
      return event.status === 'inactive' || context.profile?.pausedByAgency !== true;
    },
    isConflict: (_, error: unknown) => error instanceof SaveConflict,
    isRejected: (_, error: unknown) => error instanceof SaveRejected,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    scope: input.scope,
    userType: input.userType,
    fields: input.fields,
    profile: null,
    tab: input.fields[0]?.tab ?? '',
    form: {},
    formErrors: {},
    hasFormChanged: false,
    rollback: {},
    reloadProfile: false,
    hasFinishedRegistration: input.hasFinishedRegistration,
    image: null,
    photoImage: null,
    theirs: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'profile.tab': { actions: 'selectTab' },
    // A new or deleted photo changes only the image: unsaved form edits stay.
    'profile.photoChanged': { actions: 'takeImage' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ scope: context.scope }),
        onDone: { target: 'editing', actions: { type: 'takeLoaded', params: outputOf } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    // SEED-SPEC §8: a failed profile load is kept in the state; the screen offers a retry.
    loadFailed: {
      on: { 'profile.reload': { target: 'loading', actions: ['markReload', 'clearError'] } },
    },
    editing: {
      initial: 'clean',
      states: {
        clean: {
          on: {
            'profile.change': [
              { guard: 'formChanged', target: 'dirty', actions: 'change' },
              { actions: 'change' },
            ],
            'profile.setStatus': { guard: 'mayChangeStatus', target: '#profile.changingStatus' },
            // Submitting an untouched form that misses required values (registration step 4) shows
            // what is missing instead of nothing; a complete untouched form has nothing to save.
            'profile.save': { guard: 'formIsInvalid', target: '#profile.invalid', actions: 'showErrors' },
          },
        },
        dirty: {
          on: {
            'profile.change': [
              { guard: 'formChanged', actions: 'change' },
              { target: 'clean', actions: 'change' },
            ],
            'profile.save': [
              { guard: 'formIsValid', target: '#profile.saving' },
              { target: '#profile.invalid', actions: 'showErrors' },
            ],
            'profile.rollback': { target: 'clean', actions: 'rollBack' },
          },
        },
      },
      on: {
        'profile.reload': { target: 'loading', actions: 'markReload' },
      },
    },
    // Pause or resume being matched (candidates); only from a clean form, so no edit is mixed in.
    changingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ event }) => {
          assertEvent(event, 'profile.setStatus');
          return { status: event.status };
        },
        onDone: {
          target: 'editing.clean',
          actions: {
            type: 'takeStatus',
            params: ({ event }: { event: { output: ProfileStatusResponse } }) => event.output,
          },
        },
        onError: { target: 'editing.clean', actions: { type: 'setError', params: errorOf } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          scope: context.scope,
          values: cleanValues(context.form),
          version: context.theirs?.version ?? context.profile?.version ?? 0,
        }),
        onDone: { target: 'saved', actions: { type: 'takeLoaded', params: outputOf } },
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'conflict',
            actions: { type: 'takeConflict', params: errorOf },
          },
          {
            guard: { type: 'isRejected', params: errorOf },
            target: 'invalid',
            actions: { type: 'takeServerErrors', params: errorOf },
          },
          { target: 'failed', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    saved: {
      on: {
        'profile.setStatus': { guard: 'mayChangeStatus', target: 'changingStatus' },
        'profile.change': [
          { guard: 'formChanged', target: 'editing.dirty', actions: 'change' },
          { actions: 'change' },
        ],
        'profile.reload': { target: 'loading', actions: 'markReload' },
      },
    },
    invalid: {
      on: {
        'profile.change': [
          { guard: 'formChanged', target: 'editing.dirty', actions: 'change' },
          { target: 'editing.clean', actions: 'change' },
        ],
        'profile.rollback': { target: 'editing.clean', actions: 'rollBack' },
      },
    },
    conflict: {
      on: {
        // Save my form over theirs: the next PUT names their version.
        'profile.keepMine': { target: 'saving' },
        'profile.takeTheirs': { target: 'editing.clean', actions: 'takeTheirs' },
      },
    },
    failed: {
      on: {
        'profile.save': { target: 'saving', actions: 'clearError' },
        // As in every other state: a form changed back to the loaded values is clean again.
        'profile.change': [
          { guard: 'formChanged', target: 'editing.dirty', actions: ['change', 'clearError'] },
          { target: 'editing.clean', actions: ['change', 'clearError'] },
        ],
        'profile.rollback': { target: 'editing.clean', actions: 'rollBack' },
      },
    },
  },
});

export type ProfileActor = ActorRefFrom<typeof profileMachine>;
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/**
 * Whether the form is offered at all: the server's answer says so (`canEdit`; false for the company
 * profile of a contact's login, decision 0031), and the server refuses the save anyway.
 */
export function mayEdit(snapshot: ProfileSnapshot): boolean {
  return snapshot.context.profile?.canEdit !== false;
}

/** Leaving the screen would lose these edits. */
export function hasUnsavedChanges(snapshot: ProfileSnapshot): boolean {
  return snapshot.context.hasFormChanged && !snapshot.matches('saving');
}
