import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { TokenPair } from '../../../contract/session';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
  resendTimeLabel,
  runningChildren,
} from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as PhoneSetupModule from './phone-setup.machine';

/** A new code a minute after the last (PRODUCT.md §3), written apart from the machine. */
const PHONE_RESEND_COOLDOWN_MS = 60_000;

const T0 = Date.UTC(2026, 10, 22, 12);
const request = { phoneNumber: '0151 23456789', countryCode: 'DE', currentPassword: 'Altes-Passwort-1' };
const pair: TokenPair = { token: 't-new', refresh_token: 'r-new' };
const rejected = { code: 'phone.invalid', fields: { phoneNumber: ['phone.invalid'] } };
const rateLimited = { code: 'request.rate_limited', retryAfterSeconds: 30 };
const cleared = { error: null, fieldErrors: {} };

// The clock starts at T0; only `wait` moves it, by a minute (a time event: sent only where a row lists it).
const sendCode = { src: 'sendCode', input: request };
const resendCode = { src: 'resendCode', input: undefined };
const confirmCode = { src: 'confirmCode', input: { code: '123456' } };
const turnOff = { src: 'turnOff', input: { currentPassword: 'Altes-Passwort-1' } };

const sending = (target: string): Expectation => ({
  target,
  context: { ...cleared, pendingPhone: request.phoneNumber, running: ['sendCode'] },
  invoked: [sendCode],
  tags: ['busy'],
});
const turningOff: Expectation = {
  target: 'turningOff',
  context: { ...cleared, running: ['turnOff'] },
  invoked: [turnOff],
  tags: ['busy'],
};

// `ready`: the cooldown had ended before the code went to be checked, so a wrong code leaves it ended.
const checking = (off: string, ready = false): Expectation => ({
  target: `checking${off}${ready ? '#ready' : ''}`,
  context: { ...cleared, running: ['confirmCode'] },
  invoked: [confirmCode],
  tags: ['busy', 'awaitingCode'],
});
// The cooldown child has ended its wait: the resend goes out.
const resending = (target: string): Expectation => ({
  target,
  context: { ...cleared, cooldown: 'ready', running: ['resendCode'] },
  invoked: [resendCode],
  tags: ['busy', 'awaitingCode'],
});
/** A minute on: every cooldown has ended (the child is ready again); what the screen shows stays. */
const cooled = (target: string): Expectation => ({
  target,
  context: { resendAllowedAt: null, cooldown: 'ready', running: [] },
  tags: ['awaitingCode'],
});
const change = (target: string): Expectation => ({
  target,
  context: { ...cleared, pendingPhone: null, running: [] },
  tags: [],
});

/**
 * From a code sent to confirming it: the same rows whether SMS login is on or off, but the machine
 * remembers which (`enabled`), and leaving without confirming (another number, a refused number) goes
 * back to a form that offers turning off only while it is on. `off` is '' (on) or '#off', added to
 * every state's name.
 */
function codeSent(off: '' | '#off'): ModelTable['states'] {
  const change_ = change(`idle${off}`);
  // A resend's answers, first or after the 30 s wait alike: the new code's cooldown counts from its
  // sending, not from the refusal.
  const resendAnswers: ModelTable['states'][string] = {
    resent: {
      target: `confirming${off}`,
      context: { resendAllowedAt: 'cooldown from now', cooldown: 'cooling', running: [] },
      tags: ['awaitingCode'],
    },
    resendLimited: {
      target: `confirming${off}#limited`,
      context: {
        error: 'request.rate_limited',
        resendAllowedAt: '30 s from now',
        cooldown: 'cooling',
        running: [],
      },
      tags: ['awaitingCode'],
    },
  };
  return {
    [`sending${off}`]: {
      sent: {
        target: `confirming${off}`,
        context: {
          pendingPhone: request.phoneNumber,
          resendAllowedAt: 'cooldown from now',
          cooldown: 'cooling',
        },
        tags: ['awaitingCode'],
      },
      sendFailed: {
        target: `idle${off}#failed`,
        context: { pendingPhone: null, error: 'phone.invalid', fieldErrors: rejected.fields },
        tags: [],
      },
    },
    // The cooldown runs: a resend is refused until a minute on.
    [`confirming${off}`]: {
      confirm: checking(off),
      wait: cooled(`confirming${off}#cooled`),
      change: change_,
    },
    [`confirming${off}#failed`]: {
      confirm: checking(off),
      wait: cooled(`confirming${off}#cooled`),
      change: change_,
    },
    [`confirming${off}#limited`]: {
      confirm: checking(off),
      wait: cooled(`confirming${off}#waited`),
      change: change_,
    },
    [`confirming${off}#cooled`]: {
      confirm: checking(off, true),
      resend: resending(`resending${off}`),
      change: change_,
    },
    // The 30 s the server asked for are over.
    [`confirming${off}#waited`]: {
      confirm: checking(off, true),
      resend: resending(`resending${off}#again`),
      change: change_,
    },
    [`resending${off}`]: resendAnswers,
    // After the 30 s wait the same answers (the state only remembers the wait).
    [`resending${off}#again`]: resendAnswers,
    // A confirmed code turns SMS login on, whichever it was (new tokens; after a turn-off, its too).
    [`checking${off}`]: {
      confirmed: {
        target: 'confirmed',
        context: { enabled: true, pendingPhone: null, issued: off ? [pair, pair] : [pair] },
        tags: [],
      },
      wrongCode: {
        target: `confirming${off}#failed`,
        context: { error: 'login.wrong_2FA_code', pendingPhone: request.phoneNumber },
        tags: ['awaitingCode'],
      },
    },
    // The same check once the cooldown had ended: after a wrong code a resend is taken at once.
    [`checking${off}#ready`]: {
      confirmed: {
        target: 'confirmed',
        context: { enabled: true, pendingPhone: null, issued: off ? [pair, pair] : [pair] },
        tags: [],
      },
      wrongCode: {
        target: `confirming${off}#cooled`,
        context: { error: 'login.wrong_2FA_code', pendingPhone: request.phoneNumber, cooldown: 'ready' },
        tags: ['awaitingCode'],
      },
    },
  };
}

/**
 * The specification, by hand (PRODUCT.md §3): (state, event) → next state, context, actor calls, tags.
 * Events: send/confirm/resend/change/turnOff are the user's; the rest are the server's answers to
 * the running call, and `wait` is a minute passing. Settings start with SMS login on. A resend is
 * refused while the cooldown child cools (`cooldown`: its state; `resendAllowedAt`: its time) and
 * taken once a `wait` has ended it (`#cooled`). `running`: the ids of the calls running after the
 * event. A state labelled `#failed` is the same machine state showing an error, which the next call
 * clears; `confirming#limited` waits the 30 s the server asked for (`#waited` once they are over),
 * and a resend after it starts the cooldown anew; `#off` names the states once
 * SMS login was turned off (the machine remembers it: a form then offers no turning off, until a new
 * number is confirmed). What the user types is checked by the phone forms before it gets here
 * (phone-forms.model.test.ts: an empty number, a short code, no password).
 */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §3 SMS protection' },
  initial: 'idle',
  events: [
    'send',
    'sent',
    'sendFailed',
    'confirm',
    'confirmed',
    'wrongCode',
    'resend',
    'resent',
    'resendLimited',
    'change',
    'turnOff',
    'turnedOff',
    'turnOffFailed',
  ],
  states: {
    idle: {
      send: sending('sending'),
      turnOff: turningOff,
    },
    'idle#failed': {
      send: sending('sending'),
      turnOff: turningOff,
    },
    ...codeSent(''),
    confirmed: {
      send: sending('sending'),
      turnOff: turningOff,
    },
    turningOff: {
      turnedOff: { target: 'turnedOff', context: { enabled: false, issued: [pair] }, tags: [] },
      turnOffFailed: {
        target: 'idle#failed',
        context: { enabled: true, error: 'password.wrong_current', issued: [] },
        tags: [],
      },
    },
    // SMS login off: a new number may be sent and confirmed; there is nothing to turn off.
    turnedOff: { send: sending('sending#off') },
    ...codeSent('#off'),
    'idle#off': {
      send: sending('sending#off'),
    },
    'idle#off#failed': {
      send: sending('sending#off'),
    },
  },
};

/** A clock for the cooldown child's countdown and `now` moving together (only `pass` moves them). */
function testClock() {
  let now = T0;
  const clock = new SimulatedClock();
  return {
    clock,
    now: () => now,
    pass(ms: number) {
      now += ms;
      clock.increment(ms);
    },
  };
}

function start({ phoneSetupMachine }: typeof PhoneSetupModule, inspect?: Inspector) {
  const time = testClock();
  const issued: TokenPair[] = [];
  const fx = deferredActors(['sendCode', 'resendCode', 'confirmCode', 'turnOff'] as const);
  const actor = createActor(
    phoneSetupMachine.provide({
      actors: fx.actors,
      actions: { tokensIssued: (_, p) => issued.push(p) },
    }),
    { input: { enabled: true, now: time.now }, inspect, clock: time.clock },
  ).start();
  // An answer arrives only to the call running now: the newest, and only while its actor runs.
  const settle = (id: Parameters<typeof fx.settle>[0], outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending(id) > 0 && actor.getSnapshot().children[id]) fx.settleLatest(id, outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'send') actor.send({ type: 'phone.send', request });
      else if (event === 'sent') settle('sendCode', 'done', undefined);
      else if (event === 'sendFailed') settle('sendCode', 'error', rejected);
      else if (event === 'confirm') actor.send({ type: 'phone.confirm', code: '123456' });
      else if (event === 'confirmed') settle('confirmCode', 'done', pair);
      else if (event === 'wrongCode') settle('confirmCode', 'error', { code: 'login.wrong_2FA_code' });
      else if (event === 'resend') actor.send({ type: 'phone.resend' });
      else if (event === 'wait') time.pass(PHONE_RESEND_COOLDOWN_MS);
      else if (event === 'resent') settle('resendCode', 'done', undefined);
      else if (event === 'resendLimited') settle('resendCode', 'error', rateLimited);
      else if (event === 'change') actor.send({ type: 'phone.change' });
      else if (event === 'turnOff')
        actor.send({ type: 'phone.turnOff', currentPassword: request.currentPassword });
      else if (event === 'turnedOff') settle('turnOff', 'done', pair);
      else if (event === 'turnOffFailed') settle('turnOff', 'error', { code: 'password.wrong_current' });
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      // The cooldown is the `resendCooldown` child's (its own model test specifies it): its time as the
      // table writes it, relative to now, and whether it lets a resend through.
      const { cooldown: child, ...context } = s.context;
      const cooldown = child.getSnapshot();
      const resendAllowedAt = resendTimeLabel(
        cooldown.context.allowedAt,
        time.now(),
        PHONE_RESEND_COOLDOWN_MS,
      );
      // `running` lists the calls; the cooldown child runs for the machine's whole life.
      const running = runningChildren(s).filter((id) => id !== 'resendCooldown');
      return {
        value: s.value,
        context: { ...context, resendAllowedAt, cooldown: cooldown.value, issued: [...issued], running },
        tags: s.tags,
      };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'phone-setup',
  load: () => import('./phone-setup.machine'),
  machines: (m) => [m.phoneSetupMachine],
  tables: [{ table, start }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module, inspect) => {
    itNeedsTheAppsCalls(() => module().phoneSetupMachine, {
      sendCode: 'Error: sendCode is provided by the app',
      resendCode: 'Error: resendCode is provided by the app',
      confirmCode: 'Error: confirmCode is provided by the app',
      turnOff: 'Error: turnOff is provided by the app',
    });

    it('sends a number without the current password (registration), as its form checked it', async () => {
      const { phoneSetupMachine } = module();
      const fx = deferredActors(['sendCode'] as const);
      const actor = createActor(phoneSetupMachine.provide({ actors: fx.actors }), {
        input: { now: () => T0 },
      }).start();
      const registration = { phoneNumber: '0151 23456789', countryCode: 'DE' };
      actor.send({ type: 'phone.send', request: registration });
      expect(actor.getSnapshot().value).toBe('sending');
      expect(actor.getSnapshot().context.pendingPhone).toBe('0151 23456789');
      expect(fx.calls).toEqual([expect.objectContaining({ id: 'sendCode', input: registration })]);
    });

    it('refuses a resend within the minute after a code was sent', async () => {
      const driver = start(module(), inspect);
      await driver.send('send');
      await driver.send('sent');
      await driver.send('resend');
      expect(driver.snapshot().value).toBe('confirming');
      expect(driver.calls().map((c) => c.src)).toEqual(['sendCode']);
    });

    it.each([
      ['off', { enabled: false }],
      ['not said (registration)', {}],
    ] as const)('does not offer turning off while SMS login is %s', (_, input) => {
      const { phoneSetupMachine } = module();
      const actor = createActor(phoneSetupMachine, { input }).start();
      expect(actor.getSnapshot().context.enabled).toBe(false);
      expect(actor.getSnapshot().can({ type: 'phone.turnOff', currentPassword: 'x' })).toBe(false);
      actor.send({ type: 'phone.turnOff', currentPassword: 'x' });
      expect(actor.getSnapshot().value).toBe('idle');
    });

    it('needs the app to provide every call: the stand-ins in the machine fail', async () => {
      const { phoneSetupMachine } = module();
      const run = async (events: object[]) => {
        const actor = createActor(phoneSetupMachine, { input: { enabled: true, now: () => T0 } }).start();
        for (const event of events) {
          actor.send(event as never);
          await flush();
        }
        const { value, context } = actor.getSnapshot();
        actor.stop();
        return { value, failed: context.error !== null };
      };
      const send = { type: 'phone.send', request };
      expect(await run([send])).toEqual({ value: 'idle', failed: true });
      expect(await run([{ type: 'phone.turnOff', currentPassword: 'x' }])).toEqual({
        value: 'idle',
        failed: true,
      });
      // Past sendCode only through a provided one: resend and confirm need the code sent.
      const sent = phoneSetupMachine.provide({ actors: { sendCode: fromPromise(async () => {}) } });
      for (const [event, value] of [
        [{ type: 'phone.confirm', code: '123456' }, 'confirming'],
        [{ type: 'phone.resend' }, 'confirming'],
      ] as const) {
        const time = testClock();
        const actor = createActor(sent, {
          input: { enabled: false, now: time.now },
          clock: time.clock,
        }).start();
        actor.send(send as never);
        await flush();
        time.pass(PHONE_RESEND_COOLDOWN_MS);
        actor.send(event);
        await flush();
        expect(actor.getSnapshot().value, event.type).toBe(value);
        expect(actor.getSnapshot().context.error, event.type).not.toBeNull();
        actor.stop();
      }
    });
  },
});
