import { type ActorRefFrom, and, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { DisableTwoFactorSchema } from '../../../contract/account';
import { errorCodeOf, retryAfterMsOf } from '../../../contract/errors';
import { formErrors } from '../../../contract/form-errors';
import type { TokenPair } from '../../../contract/session';
import { errorContextOf } from '../shared/error-context';

/** A number to send a code to; account settings also send the current password. */
export interface PhoneRequest {
  phoneNumber: string;
  countryCode: string;
  currentPassword?: string;
}

export interface PhoneSetupContext {
  /** SMS login is on (the claims' mfa_status when the flow began, then as this flow changed it). */
  enabled: boolean;
  /** The number a code was sent to and not yet confirmed. */
  pendingPhone: string | null;
  /** When the next code may be requested (ms since the epoch). */
  resendAllowedAt: number | null;
  /** Error code of the last failed call (translated by the UI). */
  error: string | null;
  fieldErrors: Record<string, string[]>;
  now: () => number;
}

export type PhoneSetupEvent =
  | { type: 'phone.send'; request: PhoneRequest }
  | { type: 'phone.confirm'; code: string }
  | { type: 'phone.resend' }
  | { type: 'phone.change' }
  | { type: 'phone.turnOff'; currentPassword: string };

export interface PhoneSetupInput {
  enabled?: boolean;
  now?: () => number;
}

/** PRODUCT.md §3: a new code may be asked for a minute after the last one. */
export const PHONE_RESEND_COOLDOWN_MS = 60_000;

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
/** The turn-off form checked with its request's schema. */
const turnOffCheck = (event: PhoneSetupEvent) =>
  formErrors(DisableTwoFactorSchema, {
    currentPassword: event.type === 'phone.turnOff' ? event.currentPassword : '',
  });
const pairOf = ({ event }: { event: { output: TokenPair } }) => event.output;

/**
 * SMS login protection, set up or changed (PRODUCT.md §3): send a code to a number, confirm it,
 * ask for a new one (a minute apart, or as long as the server says), use another number, turn it
 * off. Registration (step 3) and account settings run the same machine; they provide `sendCode`
 * (registration saves the phone, settings change it with the current password).
 */
export const phoneSetupMachine = setup({
  types: {
    context: {} as PhoneSetupContext,
    events: {} as PhoneSetupEvent,
    input: {} as PhoneSetupInput,
  },
  actors: {
    sendCode: fromPromise<void, PhoneRequest>(async () => {
      throw new Error('sendCode is provided by the app');
    }),
    resendCode: fromPromise<void>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
    confirmCode: fromPromise<TokenPair, { code: string }>(async () => {
      throw new Error('confirmCode is provided by the app');
    }),
    turnOff: fromPromise<TokenPair, { currentPassword: string }>(async () => {
      throw new Error('turnOff is provided by the app');
    }),
  },
  actions: {
    /** The app passes new tokens to the session (the claims' mfa_status changed). */
    tokensIssued: (_, _pair: TokenPair) => {},
    setError: assign((_, error: unknown) => errorContextOf(error)),
    clearError: assign({ error: null, fieldErrors: {} }),
    startCooldown: assign(({ context }) => ({ resendAllowedAt: context.now() + PHONE_RESEND_COOLDOWN_MS })),
    cooldownAsTold: assign(({ context }, error: unknown) => ({
      error: errorCodeOf(error),
      resendAllowedAt: context.now() + (retryAfterMsOf(error) ?? PHONE_RESEND_COOLDOWN_MS),
    })),
    takePendingPhone: assign(({ event }) => {
      assertEvent(event, 'phone.send');
      return { pendingPhone: event.request.phoneNumber };
    }),
    forgetPendingPhone: assign({ pendingPhone: null }),
    markEnabled: assign({ enabled: true, pendingPhone: null }),
    markDisabled: assign({ enabled: false }),
    showTurnOffErrors: assign(({ event }) => {
      const check = turnOffCheck(event);
      return { error: null, fieldErrors: check.ok ? {} : check.fields };
    }),
  },
  guards: {
    mayResend: ({ context }) => context.resendAllowedAt === null || context.now() >= context.resendAllowedAt,
    isEnabled: ({ context }) => context.enabled,
    turnOffIsValid: ({ event }) => turnOffCheck(event).ok,
  },
}).createMachine({
  id: 'phoneSetup',
  context: ({ input }) => ({
    enabled: input.enabled ?? false,
    pendingPhone: null,
    resendAllowedAt: null,
    error: null,
    fieldErrors: {},
    now: input.now ?? Date.now,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'phone.send': { target: 'sending', actions: ['clearError', 'takePendingPhone'] },
        'phone.turnOff': [
          { guard: and(['isEnabled', 'turnOffIsValid']), target: 'turningOff', actions: 'clearError' },
          { guard: 'isEnabled', actions: 'showTurnOffErrors' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => {
          assertEvent(event, 'phone.send');
          return event.request;
        },
        onDone: { target: 'confirming', actions: 'startCooldown' },
        onError: { target: 'idle', actions: ['forgetPendingPhone', { type: 'setError', params: errorOf }] },
      },
    },
    confirming: {
      tags: ['awaitingCode'],
      on: {
        'phone.confirm': { target: 'checking', actions: 'clearError' },
        'phone.resend': { guard: 'mayResend', target: 'resending', actions: 'clearError' },
        'phone.change': { target: 'idle', actions: ['forgetPendingPhone', 'clearError'] },
      },
    },
    resending: {
      tags: ['busy', 'awaitingCode'],
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        onDone: { target: 'confirming', actions: 'startCooldown' },
        onError: { target: 'confirming', actions: { type: 'cooldownAsTold', params: errorOf } },
      },
    },
    checking: {
      tags: ['busy', 'awaitingCode'],
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ event }) => {
          assertEvent(event, 'phone.confirm');
          return { code: event.code };
        },
        onDone: { target: 'confirmed', actions: [{ type: 'tokensIssued', params: pairOf }, 'markEnabled'] },
        onError: { target: 'confirming', actions: { type: 'setError', params: errorOf } },
      },
    },
    /** SMS login is on with the confirmed number (registration goes on to its next step here). */
    confirmed: {
      on: {
        'phone.send': { target: 'sending', actions: ['clearError', 'takePendingPhone'] },
        'phone.turnOff': [
          { guard: 'turnOffIsValid', target: 'turningOff', actions: 'clearError' },
          { actions: 'showTurnOffErrors' },
        ],
      },
    },
    turningOff: {
      tags: ['busy'],
      invoke: {
        id: 'turnOff',
        src: 'turnOff',
        input: ({ event }) => {
          assertEvent(event, 'phone.turnOff');
          return { currentPassword: event.currentPassword };
        },
        onDone: { target: 'turnedOff', actions: [{ type: 'tokensIssued', params: pairOf }, 'markDisabled'] },
        onError: { target: 'idle', actions: { type: 'setError', params: errorOf } },
      },
    },
    turnedOff: {
      on: {
        'phone.send': { target: 'sending', actions: ['clearError', 'takePendingPhone'] },
      },
    },
  },
});

export type PhoneSetupActor = ActorRefFrom<typeof phoneSetupMachine>;
export type PhoneSetupSnapshot = SnapshotFrom<typeof phoneSetupMachine>;
