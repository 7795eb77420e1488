import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import { retryAfterMsOf } from '../../../contract/errors';

export interface ResendCooldownInput {
  /** How long the next send waits when the server named no time, in ms (an SMS: the page's SMS_RESEND_SECONDS). */
  waitMs: number;
  now?: () => number;
}

export interface ResendCooldownContext {
  waitMs: number;
  /** When the next send may go out (ms since the epoch); null while it may. */
  allowedAt: number | null;
  /** The whole seconds left until then, counted down once a second for the button (0: now). */
  seconds: number;
  now: () => number;
}

export type ResendCooldownEvent =
  /** A code or e-mail went out; `waitMs`: how long the server says its cooldown still runs (a reload's code status). */
  | { type: 'cooldown.start'; waitMs?: number }
  /** A send was refused or failed: wait the server's Retry-After, else the usual time. */
  | { type: 'cooldown.told'; error: unknown }
  /** Nothing this tab sent holds the next send back (other credentials): ready at once. */
  | { type: 'cooldown.reset' };

/** How long an event asks to wait, in ms. */
function waitOf(context: ResendCooldownContext, event: ResendCooldownEvent): number {
  if (event.type === 'cooldown.start') return event.waitMs ?? context.waitMs;
  if (event.type === 'cooldown.told') return retryAfterMsOf(event.error) ?? context.waitMs;
  return 0;
}

const TICK_MS = 1000;

/**
 * "You may send again at T", one child of every flow with a resend (the SMS login's code, the
 * registration's validation e-mail, the phone confirmation's code): `cooling` counts the seconds down
 * and turns `ready` when they end. Parents spawn it as `resendCooldown`, tell it each send and each
 * refusal, and their resend guards ask `mayResend` of it; the ResendButton reads its snapshot. The
 * parent keeps the child's ref in its context, the one thing there that is not plain data: XState v5
 * hands a guard only the context and the event, and the guard must ask the child.
 */
export const resendCooldownMachine = setup({
  types: {
    context: {} as ResendCooldownContext,
    events: {} as ResendCooldownEvent,
    input: {} as ResendCooldownInput,
  },
  actions: {
    startWait: assign(({ context, event }) => ({ allowedAt: context.now() + waitOf(context, event) })),
    countSeconds: assign(({ context }) => ({
      seconds: Math.max(0, Math.ceil(((context.allowedAt ?? 0) - context.now()) / TICK_MS)),
    })),
    forgetWait: assign({ allowedAt: null, seconds: 0 }),
  },
  guards: {
    waits: ({ context, event }) => waitOf(context, event) > 0,
    stillCooling: ({ context }) => context.allowedAt !== null && context.now() < context.allowedAt,
  },
  delays: {
    // Wakes when the whole seconds left change, so "0:42" turns to "0:41" on time and 0 means ready.
    tick: ({ context }) => {
      const left = (context.allowedAt ?? 0) - context.now();
      return left > 0 ? left % TICK_MS || TICK_MS : TICK_MS;
    },
  },
}).createMachine({
  id: 'resendCooldown',
  context: ({ input }) => ({
    waitMs: input.waitMs,
    allowedAt: null,
    seconds: 0,
    now: input.now ?? Date.now,
  }),
  initial: 'ready',
  states: {
    ready: { entry: 'forgetWait' },
    cooling: {
      entry: 'countSeconds',
      after: {
        tick: [{ guard: 'stillCooling', target: 'cooling', reenter: true }, { target: 'ready' }],
      },
    },
  },
  on: {
    'cooldown.start': [
      { guard: 'waits', target: '.cooling', reenter: true, actions: 'startWait' },
      { target: '.ready' },
    ],
    'cooldown.told': [
      { guard: 'waits', target: '.cooling', reenter: true, actions: 'startWait' },
      { target: '.ready' },
    ],
    'cooldown.reset': { target: '.ready' },
  },
});

export type ResendCooldownActor = ActorRefFrom<typeof resendCooldownMachine>;
export type ResendCooldownSnapshot = SnapshotFrom<typeof resendCooldownMachine>;

/** What a parent's resend guard asks: the cooldown has ended (or none ran). */
export function mayResend(cooldown: ResendCooldownActor): boolean {
  return cooldown.getSnapshot().matches('ready');
}
