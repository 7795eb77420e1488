import {
  type ActorRefFrom,
  assertEvent,
  assign,
  fromPromise,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { TokenPair } from '../../../contract/session';
import { errorContextOf } from '../shared/error-context';
import {
  mayResend,
  type ResendCooldownActor,
  resendCooldownMachine,
} from '../shared/resend-cooldown.machine';
import { pageSmsResendMs } from '../shared/sms-resend';
import { pageSmsCountries } from './sms-countries';

/**
 * A number to send a code to, as its form's schema gave it (./phone-forms.machine.ts: trimmed, the
 * country in capitals); account settings also send the current password.
 */
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
  /** When the next code may be requested: the `resendCooldown` child. */
  cooldown: ResendCooldownActor;
  /** Error code of the last failed call (translated by the UI). */
  error: string | null;
  fieldErrors: Record<string, string[]>;
  /** ISO codes of the countries the number may be of (SMS_COUNTRIES, as the page names them). */
  countries: readonly string[];
}

export type PhoneSetupEvent =
  | { type: 'phone.send'; request: PhoneRequest }
  | { type: 'phone.confirm'; code: string }
  | { type: 'phone.resend' }
  | { type: 'phone.change' }
  | { type: 'phone.turnOff'; currentPassword: string };

export interface PhoneSetupInput {
  enabled?: boolean;
  /** The countries offered; the page's SMS_COUNTRIES unless given (./sms-countries.ts). */
  countries?: readonly string[];
  now?: () => number;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const pairOf = ({ event }: { event: { output: TokenPair } }) => event.output;

/**
 * SMS login protection, set up or changed (PRODUCT.md §3): send a code to a number, confirm it,
 * ask for a new one (as far apart as the page's SMS_RESEND_SECONDS, a minute by default, or as long
 * as the server says: the `resendCooldown` child counts it), use another number, turn it off.
 * Registration (step 3) and account settings run the same machine; they provide `sendCode`
 * (registration saves the phone, settings change it with the current password). Its events come from
 * the phone forms (./phone-forms.machine.ts), which check what was typed and hand it over.
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
    resendCooldown: resendCooldownMachine,
  },
  actions: {
    /** The app passes new tokens to the session (the claims' mfa_status changed). */
    tokensIssued: (_, _pair: TokenPair) => {},
    setError: assign((_, error: unknown) => errorContextOf(error)),
    clearError: assign({ error: null, fieldErrors: {} }),
    startCooldown: sendTo(({ context }) => context.cooldown, { type: 'cooldown.start' }),
    tellCooldown: sendTo(
      ({ context }) => context.cooldown,
      (_, error: unknown) => ({ type: 'cooldown.told' as const, error }),
    ),
    setResendError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    takePendingPhone: assign(({ event }) => {
      assertEvent(event, 'phone.send');
      return { pendingPhone: event.request.phoneNumber };
    }),
    forgetPendingPhone: assign({ pendingPhone: null }),
    markEnabled: assign({ enabled: true, pendingPhone: null }),
    markDisabled: assign({ enabled: false }),
  },
  guards: {
    mayResend: ({ context }) => mayResend(context.cooldown),
    isEnabled: ({ context }) => context.enabled,
  },
}).createMachine({
  id: 'phoneSetup',
  context: ({ input, spawn }) => ({
    enabled: input.enabled ?? false,
    pendingPhone: null,
    cooldown: spawn('resendCooldown', {
      id: 'resendCooldown',
      input: { waitMs: pageSmsResendMs(), now: input.now },
    }),
    error: null,
    fieldErrors: {},
    countries: input.countries ?? pageSmsCountries(),
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'phone.send': { target: 'sending', actions: ['clearError', 'takePendingPhone'] },
        'phone.turnOff': { guard: 'isEnabled', target: 'turningOff', actions: 'clearError' },
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
        onError: {
          target: 'confirming',
          actions: [
            { type: 'setResendError', params: errorOf },
            { type: 'tellCooldown', params: errorOf },
          ],
        },
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
        'phone.turnOff': { target: 'turningOff', actions: 'clearError' },
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
