import { type ActorRefFrom, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { TokenPair } from '../../contract/session';
import type { Language } from '../../contract/user-types';

export type Category = 'luna' | 'stella' | 'nova' | 'company';

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
  /** When the next validation e-mail or SMS code may be requested (ms since the epoch). */
  resendAllowedAt: number | null;
  /** The phone number as the server normalised it (E.164), once saved. */
  phone: string | null;
  now: () => number;
}

export type RegistrationEvent =
  | { type: 'registration.createAccount'; account: AccountForm }
  | { type: 'registration.resend' }
  | { type: 'registration.validated' }
  | { type: 'registration.savePhone'; phoneNumber: string; countryCode: string }
  | { type: 'registration.confirmCode'; code: string }
  | { type: 'registration.changePhone' }
  | { type: 'registration.skipPhone' }
  | { type: 'registration.profileDone' }
  | { type: 'registration.photoDone' };

export interface RegistrationInput {
  /** registration_step of the token (0 = none yet, as for a visitor); the flow goes on at step + 1. */
  step: number;
  now?: () => number;
}

const RESEND_COOLDOWN_MS = 60_000;

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'network.unreachable';
};
const fieldsOf = (error: unknown) => {
  const fields = (error as { fields?: unknown })?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {};
};
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The guided registration (PRODUCT.md §3): account → e-mail validation → phone (or skip) →
 * required profile fields → photo (or skip) → done. Every call that moves a step answers new
 * tokens; the `tokensIssued` action hands them to the session.
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
    /** Reports `registration.validated` once the e-mail was confirmed (in this tab or another). */
    watchValidation: fromCallback<RegistrationEvent>(() => () => {}),
    savePhone: fromPromise<string, { phoneNumber: string; countryCode: string }>(async () => {
      throw new Error('savePhone is provided by the app');
    }),
    resendPhoneCode: fromPromise<void>(async () => {
      throw new Error('resendPhoneCode is provided by the app');
    }),
    confirmPhone: fromPromise<TokenPair, { code: string }>(async () => {
      throw new Error('confirmPhone is provided by the app');
    }),
    skipPhone: fromPromise<TokenPair>(async () => {
      throw new Error('skipPhone is provided by the app');
    }),
    nextStep: fromPromise<TokenPair>(async () => {
      throw new Error('nextStep is provided by the app');
    }),
  },
  actions: {
    /** The app passes new tokens to the session. */
    tokensIssued: (_, _pair: TokenPair) => {},
    setError: assign((_, error: unknown) => ({ error: codeOf(error), fieldErrors: fieldsOf(error) })),
    clearError: assign({ error: null, fieldErrors: {} }),
    startCooldown: assign(({ context }) => ({ resendAllowedAt: context.now() + RESEND_COOLDOWN_MS })),
    cooldownAsTold: assign(({ context }, error: unknown) => {
      const seconds = (error as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
      return {
        error: codeOf(error),
        resendAllowedAt: context.now() + (typeof seconds === 'number' ? seconds * 1000 : RESEND_COOLDOWN_MS),
      };
    }),
    takePhone: assign((_, phone: string) => ({ phone })),
    forgetPhone: assign({ phone: null }),
  },
  guards: {
    mayResend: ({ context }) => context.resendAllowedAt === null || context.now() >= context.resendAllowedAt,
    enteredAt: ({ context }, step: number) => context.entryStep === step,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    entryStep: input.step,
    error: null,
    fieldErrors: {},
    resendAllowedAt: null,
    phone: null,
    now: input.now ?? Date.now,
  }),
  initial: 'entering',
  states: {
    // Enter at the step after the last one done (SEED-SPEC §2: /register at step + 1).
    entering: {
      always: [
        { guard: { type: 'enteredAt', params: 1 }, target: 'awaitingValidation' },
        { guard: { type: 'enteredAt', params: 2 }, target: 'phone' },
        { guard: { type: 'enteredAt', params: 3 }, target: 'profile' },
        { guard: { type: 'enteredAt', params: 4 }, target: 'photo' },
        { target: 'account' },
      ],
    },
    account: {
      on: { 'registration.createAccount': { target: 'creatingAccount', actions: 'clearError' } },
    },
    creatingAccount: {
      tags: ['busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ event }) => {
          assertEvent(event, 'registration.createAccount');
          return event.account;
        },
        onDone: {
          target: 'awaitingValidation',
          actions: [{ type: 'tokensIssued', params: ({ event }) => event.output }, 'startCooldown'],
        },
        onError: { target: 'account', actions: { type: 'setError', params: errorOf } },
      },
    },
    awaitingValidation: {
      invoke: { id: 'watchValidation', src: 'watchValidation' },
      on: {
        'registration.validated': { target: 'phone', actions: 'clearError' },
        'registration.resend': { guard: 'mayResend', target: 'resendingValidation', actions: 'clearError' },
      },
    },
    resendingValidation: {
      tags: ['busy'],
      invoke: {
        id: 'resendValidation',
        src: 'resendValidation',
        onDone: { target: 'awaitingValidation', actions: 'startCooldown' },
        onError: { target: 'awaitingValidation', actions: { type: 'cooldownAsTold', params: errorOf } },
      },
    },
    phone: {
      on: {
        'registration.savePhone': { target: 'savingPhone', actions: 'clearError' },
        'registration.skipPhone': { target: 'skippingPhone', actions: 'clearError' },
      },
    },
    savingPhone: {
      tags: ['busy'],
      invoke: {
        id: 'savePhone',
        src: 'savePhone',
        input: ({ event }) => {
          assertEvent(event, 'registration.savePhone');
          return { phoneNumber: event.phoneNumber, countryCode: event.countryCode };
        },
        onDone: {
          target: 'confirmingPhone',
          actions: [{ type: 'takePhone', params: ({ event }) => event.output }, 'startCooldown'],
        },
        onError: { target: 'phone', actions: { type: 'setError', params: errorOf } },
      },
    },
    confirmingPhone: {
      on: {
        'registration.confirmCode': { target: 'checkingCode', actions: 'clearError' },
        'registration.resend': { guard: 'mayResend', target: 'resendingPhoneCode', actions: 'clearError' },
        'registration.changePhone': { target: 'phone', actions: ['forgetPhone', 'clearError'] },
        'registration.skipPhone': { target: 'skippingPhone', actions: 'clearError' },
      },
    },
    resendingPhoneCode: {
      tags: ['busy'],
      invoke: {
        id: 'resendPhoneCode',
        src: 'resendPhoneCode',
        onDone: { target: 'confirmingPhone', actions: 'startCooldown' },
        onError: { target: 'confirmingPhone', actions: { type: 'cooldownAsTold', params: errorOf } },
      },
    },
    checkingCode: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPhone',
        src: 'confirmPhone',
        input: ({ event }) => {
          assertEvent(event, 'registration.confirmCode');
          return { code: event.code };
        },
        onDone: { target: 'profile', actions: { type: 'tokensIssued', params: ({ event }) => event.output } },
        onError: { target: 'confirmingPhone', actions: { type: 'setError', params: errorOf } },
      },
    },
    skippingPhone: {
      tags: ['busy'],
      invoke: {
        id: 'skipPhone',
        src: 'skipPhone',
        onDone: { target: 'profile', actions: { type: 'tokensIssued', params: ({ event }) => event.output } },
        onError: { target: 'phone', actions: { type: 'setError', params: errorOf } },
      },
    },
    // The required profile fields are saved with the profile calls; then the step moves on.
    profile: {
      on: { 'registration.profileDone': { target: 'advancingFromProfile', actions: 'clearError' } },
    },
    advancingFromProfile: {
      tags: ['busy'],
      invoke: {
        id: 'nextStep',
        src: 'nextStep',
        onDone: { target: 'photo', actions: { type: 'tokensIssued', params: ({ event }) => event.output } },
        onError: { target: 'profile', actions: { type: 'setError', params: errorOf } },
      },
    },
    // Upload (with the photo panel) or skip: either way the registration ends here.
    photo: {
      on: { 'registration.photoDone': { target: 'finishing', actions: 'clearError' } },
    },
    finishing: {
      tags: ['busy'],
      invoke: {
        id: 'finish',
        src: 'nextStep',
        onDone: { target: 'done', actions: { type: 'tokensIssued', params: ({ event }) => event.output } },
        onError: { target: 'photo', actions: { type: 'setError', params: errorOf } },
      },
    },
    done: { type: 'final' },
  },
});

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
