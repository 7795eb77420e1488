import { type ActorRefFrom, and, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  ChangePhoneSchema,
  DisableTwoFactorSchema,
  PhoneConfirmSchema,
  PhoneRequestSchema,
} from '../../../contract/account';
import { errorCodeOf, retryAfterMsOf } from '../../../contract/errors';
import { formErrors } from '../../../contract/form-errors';
import type { TokenPair } from '../../../contract/session';
import { errorContextOf } from '../shared/error-context';
import { pageSmsResendMs } from '../shared/sms-resend';
import { pageSmsCountries } from './sms-countries';

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
  /** ISO codes of the countries the number may be of (SMS_COUNTRIES, as the page names them). */
  countries: readonly string[];
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
  /** The countries offered; the page's SMS_COUNTRIES unless given (./sms-countries.ts). */
  countries?: readonly string[];
  now?: () => number;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const pairOf = ({ event }: { event: { output: TokenPair } }) => event.output;
/**
 * The phone-setup forms checked with their requests' schemas: the number (with the current password
 * in the settings, which send it), the code, the password that turns SMS login off.
 */
const requestCheck = (request: PhoneRequest) =>
  request.currentPassword === undefined
    ? formErrors(PhoneRequestSchema, request)
    : formErrors(ChangePhoneSchema, request);
const codeCheck = (code: string) => formErrors(PhoneConfirmSchema, { code });
const formCheck = (event: PhoneSetupEvent) => {
  if (event.type === 'phone.send') return requestCheck(event.request);
  if (event.type === 'phone.confirm') return codeCheck(event.code);
  return formErrors(DisableTwoFactorSchema, {
    currentPassword: event.type === 'phone.turnOff' ? event.currentPassword : '',
  });
};

/**
 * SMS login protection, set up or changed (PRODUCT.md §3): send a code to a number, confirm it,
 * ask for a new one (as far apart as the page's SMS_RESEND_SECONDS, a minute by default, or as long
 * as the server says), use another number, turn it
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
    startCooldown: assign(({ context }) => ({ resendAllowedAt: context.now() + pageSmsResendMs() })),
    cooldownAsTold: assign(({ context }, error: unknown) => ({
      error: errorCodeOf(error),
      resendAllowedAt: context.now() + (retryAfterMsOf(error) ?? pageSmsResendMs()),
    })),
    takePendingPhone: assign(({ event }) => {
      assertEvent(event, 'phone.send');
      return { pendingPhone: event.request.phoneNumber.trim() };
    }),
    forgetPendingPhone: assign({ pendingPhone: null }),
    markEnabled: assign({ enabled: true, pendingPhone: null }),
    markDisabled: assign({ enabled: false }),
    showFormErrors: assign(({ event }) => {
      const check = formCheck(event);
      return { error: null, fieldErrors: check.ok ? {} : check.fields };
    }),
  },
  guards: {
    mayResend: ({ context }) => context.resendAllowedAt === null || context.now() >= context.resendAllowedAt,
    isEnabled: ({ context }) => context.enabled,
    formIsValid: ({ event }) => formCheck(event).ok,
  },
}).createMachine({
  id: 'phoneSetup',
  context: ({ input }) => ({
    enabled: input.enabled ?? false,
    pendingPhone: null,
    resendAllowedAt: null,
    error: null,
    fieldErrors: {},
    countries: input.countries ?? pageSmsCountries(),
    now: input.now ?? Date.now,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'phone.send': [
          { guard: 'formIsValid', target: 'sending', actions: ['clearError', 'takePendingPhone'] },
          { actions: 'showFormErrors' },
        ],
        'phone.turnOff': [
          { guard: and(['isEnabled', 'formIsValid']), target: 'turningOff', actions: 'clearError' },
          { guard: 'isEnabled', actions: 'showFormErrors' },
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
          // As the schema reads it (trimmed, the country in capitals); the guard let only valid ones here.
          const check = requestCheck(event.request);
          return check.ok ? check.output : event.request;
        },
        onDone: { target: 'confirming', actions: 'startCooldown' },
        onError: { target: 'idle', actions: ['forgetPendingPhone', { type: 'setError', params: errorOf }] },
      },
    },
    confirming: {
      tags: ['awaitingCode'],
      on: {
        'phone.confirm': [
          { guard: 'formIsValid', target: 'checking', actions: 'clearError' },
          { actions: 'showFormErrors' },
        ],
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
          const check = codeCheck(event.code);
          return check.ok ? check.output : { code: event.code };
        },
        onDone: { target: 'confirmed', actions: [{ type: 'tokensIssued', params: pairOf }, 'markEnabled'] },
        onError: { target: 'confirming', actions: { type: 'setError', params: errorOf } },
      },
    },
    /** SMS login is on with the confirmed number (registration goes on to its next step here). */
    confirmed: {
      on: {
        'phone.send': [
          { guard: 'formIsValid', target: 'sending', actions: ['clearError', 'takePendingPhone'] },
          { actions: 'showFormErrors' },
        ],
        'phone.turnOff': [
          { guard: 'formIsValid', target: 'turningOff', actions: 'clearError' },
          { actions: 'showFormErrors' },
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
        'phone.send': [
          { guard: 'formIsValid', target: 'sending', actions: ['clearError', 'takePendingPhone'] },
          { actions: 'showFormErrors' },
        ],
      },
    },
  },
});

export type PhoneSetupActor = ActorRefFrom<typeof phoneSetupMachine>;
export type PhoneSetupSnapshot = SnapshotFrom<typeof phoneSetupMachine>;
