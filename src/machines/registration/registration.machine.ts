import {
  type ActorRefFrom,
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import { RegistrationEmailSchema, type UserCategory } from '../../../contract/account';
import type { FieldDefinition } from '../../../contract/catalog';
import { errorCodeOf } from '../../../contract/errors';
import { formErrors } from '../../../contract/form-errors';
import type { TokenPair } from '../../../contract/session';
import type { Language } from '../../../contract/user-types';
import { phoneSetupMachine } from '../account/phone-setup.machine';
import { type ProfileSnapshot, profileMachine } from '../profile/profile.machine';
import { errorContextOf } from '../shared/error-context';
import {
  mayResend,
  type ResendCooldownActor,
  resendCooldownMachine,
} from '../shared/resend-cooldown.machine';

export type Category = UserCategory;

export interface AccountForm {
  email: string;
  password: string;
  category: Category;
  language: Language;
  accepted: string[];
}

export interface RegistrationContext {
  /** registration_step when the flow began. */
  entryStep: number;
  /** Error code of the last failed call (translated by the UI). */
  error: string | null;
  fieldErrors: Record<string, string[]>;
  /** When the next validation e-mail may be requested: the `resendCooldown` child. */
  cooldown: ResendCooldownActor;
  /** The required fields of the user's category, for the profile step (step 4). */
  profileFields: RequiredFields | null;
  now: () => number;
}

/** The profile step's form: only the required fields of the user's category. */
export interface RequiredFields {
  scope: 'profile' | 'company';
  userType: string;
  fields: FieldDefinition[];
}

export type RegistrationEvent =
  | { type: 'registration.createAccount'; account: AccountForm }
  | { type: 'registration.resend' }
  /** The address was mistyped: the account takes this one and a new link goes to it (issue 42). */
  | { type: 'registration.changeEmail'; email: string }
  | { type: 'registration.validated' }
  | { type: 'registration.skipPhone' }
  | { type: 'registration.retry' }
  | { type: 'registration.photoDone' };

export interface RegistrationInput {
  /** registration_step of the token (0 = none yet, as for a visitor); the flow goes on at step + 1. */
  step: number;
  now?: () => number;
}

/** What a screen shows for a state: `meta.step` of the innermost state that names one. */
export interface RegistrationMeta {
  step: 1 | 2 | 3 | 4 | 5;
}

export const VALIDATION_RESEND_COOLDOWN_MS = 60_000;

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const pairOf = ({ event }: { event: { output: TokenPair } }) => event.output;

/** The profile (step 4) counts as done once saved, or when it already had every required field. */
function profileComplete(snapshot: ProfileSnapshot): boolean {
  if (snapshot.matches('saved')) return true;
  return snapshot.matches({ editing: 'clean' }) && snapshot.context.profile?.missing.length === 0;
}

/**
 * The guided registration (PRODUCT.md §3): account → e-mail validation → phone (or skip) →
 * required profile fields → photo (or skip) → done. Each step is a state with `meta.step`; the phone
 * step runs the phone-setup machine and the profile step the profile machine as children; a second
 * validation e-mail waits for the `resendCooldown` child (a minute, or the server's Retry-After). Every
 * call that moves a step answers new tokens; the `tokensIssued` action hands them to the session.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    createAccount: fromPromise<TokenPair, AccountForm>(async () => {
      throw new Error('createAccount is provided by the app');
    }),
    resendValidation: fromPromise<void>(async () => {
      throw new Error('resendValidation is provided by the app');
    }),
    changeEmail: fromPromise<TokenPair, string>(async () => {
      throw new Error('changeEmail is provided by the app');
    }),
    /** Reports `registration.validated` once the e-mail was confirmed (in this tab or another). */
    watchValidation: fromCallback<RegistrationEvent>(() => () => {}),
    phoneSetup: phoneSetupMachine,
    skipPhone: fromPromise<TokenPair>(async () => {
      throw new Error('skipPhone is provided by the app');
    }),
    loadRequiredFields: fromPromise<RequiredFields>(async () => {
      throw new Error('loadRequiredFields is provided by the app');
    }),
    profile: profileMachine,
    nextStep: fromPromise<TokenPair>(async () => {
      throw new Error('nextStep is provided by the app');
    }),
    resendCooldown: resendCooldownMachine,
  },
  actions: {
    /** The app passes new tokens to the session. */
    tokensIssued: (_, _pair: TokenPair) => {},
    setError: assign((_, error: unknown) => errorContextOf(error)),
    clearError: assign({ error: null, fieldErrors: {} }),
    startCooldown: sendTo(({ context }) => context.cooldown, { type: 'cooldown.start' }),
    tellCooldown: sendTo(
      ({ context }) => context.cooldown,
      (_, error: unknown) => ({ type: 'cooldown.told' as const, error }),
    ),
    setResendError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    takeProfileFields: assign((_, profileFields: RequiredFields) => ({ profileFields })),
    /** An address the contract refuses is not sent: its field codes show at once. */
    refuseEmail: assign(({ event }) => {
      assertEvent(event, 'registration.changeEmail');
      const checked = formErrors(RegistrationEmailSchema, { email: event.email });
      return { error: null, fieldErrors: checked.ok ? {} : checked.fields };
    }),
  },
  guards: {
    mayResend: ({ context }) => mayResend(context.cooldown),
    emailValid: ({ event }) =>
      event.type === 'registration.changeEmail' &&
      formErrors(RegistrationEmailSchema, { email: event.email }).ok,
    enteredAt: ({ context }, step: number) => context.entryStep === step,
    phoneConfirmed: (_, confirmed: boolean) => confirmed,
    profileComplete: (_, complete: boolean) => complete,
  },
}).createMachine({
  id: 'registration',
  context: ({ input, spawn }) => ({
    entryStep: input.step,
    error: null,
    fieldErrors: {},
    cooldown: spawn('resendCooldown', {
      id: 'resendCooldown',
      input: { waitMs: VALIDATION_RESEND_COOLDOWN_MS, now: input.now },
    }),
    profileFields: null,
    now: input.now ?? Date.now,
  }),
  initial: 'entering',
  states: {
    // Enter at the step after the last one done (SEED-SPEC §2: /register at step + 1).
    entering: {
      always: [
        { guard: { type: 'enteredAt', params: 1 }, target: 'validation' },
        { guard: { type: 'enteredAt', params: 2 }, target: 'phone' },
        { guard: { type: 'enteredAt', params: 3 }, target: 'profile' },
        { guard: { type: 'enteredAt', params: 4 }, target: 'photo' },
        { target: 'account' },
      ],
    },
    account: {
      meta: { step: 1 } satisfies RegistrationMeta,
      initial: 'editing',
      states: {
        editing: {
          on: { 'registration.createAccount': { target: 'creating', actions: 'clearError' } },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ event }) => {
              assertEvent(event, 'registration.createAccount');
              return event.account;
            },
            onDone: {
              target: '#registration.validation',
              actions: [{ type: 'tokensIssued', params: pairOf }, 'startCooldown'],
            },
            onError: { target: 'editing', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    validation: {
      meta: { step: 2 } satisfies RegistrationMeta,
      invoke: { id: 'watchValidation', src: 'watchValidation' },
      on: { 'registration.validated': { target: 'phone', actions: 'clearError' } },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'registration.resend': { guard: 'mayResend', target: 'resending', actions: 'clearError' },
            'registration.changeEmail': [
              { guard: 'emailValid', target: 'changingEmail', actions: 'clearError' },
              { actions: 'refuseEmail' },
            ],
          },
        },
        // The new address takes the old one's place: new tokens (they name it), a new link, its cooldown.
        changingEmail: {
          tags: ['busy'],
          invoke: {
            id: 'changeEmail',
            src: 'changeEmail',
            input: ({ event }) => {
              assertEvent(event, 'registration.changeEmail');
              return event.email;
            },
            onDone: {
              target: 'waiting',
              actions: [{ type: 'tokensIssued', params: pairOf }, 'startCooldown'],
            },
            onError: { target: 'waiting', actions: { type: 'setError', params: errorOf } },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendValidation',
            src: 'resendValidation',
            onDone: { target: 'waiting', actions: 'startCooldown' },
            onError: {
              target: 'waiting',
              actions: [
                { type: 'setResendError', params: errorOf },
                { type: 'tellCooldown', params: errorOf },
              ],
            },
          },
        },
      },
    },
    phone: {
      meta: { step: 3 } satisfies RegistrationMeta,
      initial: 'settingUp',
      states: {
        // The phone-setup machine runs the number, code and resend; confirmed, the step is done.
        settingUp: {
          invoke: {
            id: 'phoneSetup',
            src: 'phoneSetup',
            input: ({ context }) => ({ enabled: false, now: context.now }),
            onSnapshot: {
              guard: { type: 'phoneConfirmed', params: ({ event }) => event.snapshot.matches('confirmed') },
              target: '#registration.profile',
              // A failed skip before does not follow the user into the profile step.
              actions: 'clearError',
            },
          },
          on: { 'registration.skipPhone': { target: 'skipping', actions: 'clearError' } },
        },
        skipping: {
          tags: ['busy'],
          invoke: {
            id: 'skipPhone',
            src: 'skipPhone',
            onDone: { target: '#registration.profile', actions: { type: 'tokensIssued', params: pairOf } },
            onError: { target: 'settingUp', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    // Only the required fields of the category, saved with the profile calls; then the step moves on.
    profile: {
      meta: { step: 4 } satisfies RegistrationMeta,
      initial: 'loadingFields',
      states: {
        loadingFields: {
          tags: ['busy'],
          invoke: {
            id: 'loadRequiredFields',
            src: 'loadRequiredFields',
            onDone: {
              target: 'editing',
              actions: { type: 'takeProfileFields', params: ({ event }) => event.output },
            },
            onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
          },
        },
        loadFailed: {
          on: { 'registration.retry': { target: 'loadingFields', actions: 'clearError' } },
        },
        editing: {
          invoke: {
            id: 'profile',
            src: 'profile',
            // Entered only from loadingFields' onDone, which stored the fields.
            input: ({ context }) => ({
              ...(context.profileFields as RequiredFields),
              hasFinishedRegistration: false,
            }),
            onSnapshot: {
              guard: {
                type: 'profileComplete',
                params: ({ event }) => profileComplete(event.snapshot as ProfileSnapshot),
              },
              target: 'advancing',
            },
          },
        },
        advancing: {
          tags: ['busy'],
          invoke: {
            id: 'nextStep',
            src: 'nextStep',
            onDone: { target: '#registration.photo', actions: { type: 'tokensIssued', params: pairOf } },
            onError: { target: 'advanceFailed', actions: { type: 'setError', params: errorOf } },
          },
        },
        advanceFailed: {
          on: { 'registration.retry': { target: 'advancing', actions: 'clearError' } },
        },
      },
    },
    // Upload (with the photo panel) or skip: either way the registration ends here.
    photo: {
      meta: { step: 5 } satisfies RegistrationMeta,
      initial: 'choosing',
      states: {
        choosing: {
          // The photo panel reads and updates the profile's image through this child.
          invoke: {
            id: 'photoProfile',
            src: 'profile',
            input: { scope: 'profile', userType: 'stella', fields: [], hasFinishedRegistration: false },
          },
          on: { 'registration.photoDone': { target: 'finishing', actions: 'clearError' } },
        },
        finishing: {
          tags: ['busy'],
          invoke: {
            id: 'finish',
            src: 'nextStep',
            onDone: { target: '#registration.done', actions: { type: 'tokensIssued', params: pairOf } },
            onError: { target: 'choosing', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** The step (1–5) a snapshot is in, from the states' `meta`; 5 once done. */
export function registrationStep(snapshot: RegistrationSnapshot): number {
  const steps = Object.values(snapshot.getMeta()).map((meta) => (meta as Partial<RegistrationMeta>).step);
  return steps.find((step) => step !== undefined) ?? 5;
}
