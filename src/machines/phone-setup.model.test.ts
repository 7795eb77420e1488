import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TokenPair } from '../../contract/session';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  type Expectation,
  type ModelTable,
  recordVisits,
  replayPath,
  stateNodePaths,
  tableCoverage,
  tablePaths,
} from '../../tests/support/model';
import { PHONE_RESEND_COOLDOWN_MS, phoneSetupMachine } from './phone-setup.machine';

const T0 = Date.UTC(2026, 10, 22, 12);
const request = { phoneNumber: '0151 23456789', countryCode: 'DE', currentPassword: 'Altes-Passwort-1' };
const pair: TokenPair = { token: 't-new', refresh_token: 'r-new' };
const rejected = { code: 'phone.invalid', fields: { phoneNumber: ['phone.invalid'] } };
const rateLimited = { code: 'request.rate_limited', retryAfterSeconds: 30 };
const cleared = { error: null, fieldErrors: {} };

// The clock stands at T0, except while `resendLater` is sent: then a minute has passed.
const sendCode = { src: 'sendCode', input: request };
const resendCode = { src: 'resendCode', input: undefined };
const confirmCode = { src: 'confirmCode', input: { code: '123456' } };
const turnOff = { src: 'turnOff', input: { currentPassword: 'Altes-Passwort-1' } };

const sending: Expectation = {
  target: 'sending',
  context: { ...cleared, pendingPhone: request.phoneNumber },
  invoked: [sendCode],
  tags: ['busy'],
};
const turningOff: Expectation = {
  target: 'turningOff',
  context: cleared,
  invoked: [turnOff],
  tags: ['busy'],
};

/**
 * The specification, by hand (PRODUCT.md §3): (state, event) → next state, context, actor calls, tags.
 * Events: send/confirm/change/turnOff are the user's; resendNow asks at once, resendLater a minute
 * on; the rest are the server's answers to the running call. Settings start with SMS login on.
 */
const table: ModelTable = {
  initial: 'idle',
  events: [
    'send',
    'sent',
    'sendFailed',
    'confirm',
    'confirmed',
    'wrongCode',
    'resendNow',
    'resendLater',
    'resent',
    'resendLimited',
    'change',
    'turnOff',
    'turnedOff',
    'turnOffFailed',
  ],
  states: {
    idle: { send: sending, turnOff: turningOff },
    sending: {
      sent: {
        target: 'confirming',
        context: { pendingPhone: request.phoneNumber, resendAllowedAt: 'cooldown from now' },
        tags: ['awaitingCode'],
      },
      sendFailed: {
        target: 'idle',
        context: { pendingPhone: null, error: 'phone.invalid', fieldErrors: rejected.fields },
        tags: [],
      },
    },
    confirming: {
      confirm: {
        target: 'checking',
        context: cleared,
        invoked: [confirmCode],
        tags: ['busy', 'awaitingCode'],
      },
      resendLater: {
        target: 'resending',
        context: cleared,
        invoked: [resendCode],
        tags: ['busy', 'awaitingCode'],
      },
      change: { target: 'idle', context: { ...cleared, pendingPhone: null }, tags: [] },
    },
    resending: {
      resent: {
        target: 'confirming',
        context: { resendAllowedAt: 'cooldown from now' },
        tags: ['awaitingCode'],
      },
      resendLimited: {
        target: 'confirming',
        context: { error: 'request.rate_limited', resendAllowedAt: '30 s from now' },
        tags: ['awaitingCode'],
      },
    },
    checking: {
      confirmed: {
        target: 'confirmed',
        context: { enabled: true, pendingPhone: null, issued: [pair] },
        tags: [],
      },
      wrongCode: {
        target: 'confirming',
        context: { error: 'login.wrong_2FA_code', pendingPhone: request.phoneNumber },
        tags: ['awaitingCode'],
      },
    },
    confirmed: { send: sending, turnOff: turningOff },
    turningOff: {
      turnedOff: { target: 'turnedOff', context: { enabled: false, issued: [pair] }, tags: [] },
      turnOffFailed: {
        target: 'idle',
        context: { enabled: true, error: 'password.wrong_current', issued: [] },
        tags: [],
      },
    },
    turnedOff: { send: sending },
  },
};

const paths = tablePaths(table);
const visited = new Set<string>();
const executed = new Set<string>();

function start() {
  let now = T0;
  const issued: TokenPair[] = [];
  const fx = deferredActors(['sendCode', 'resendCode', 'confirmCode', 'turnOff'] as const);
  const actor = createActor(
    phoneSetupMachine.provide({
      actors: fx.actors,
      actions: { tokensIssued: (_, p) => issued.push(p) },
    }),
    { input: { enabled: true, now: () => now }, inspect: recordVisits(visited) },
  ).start();
  const settle = (id: Parameters<typeof fx.settle>[0], outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending(id) > 0) fx.settle(id, outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'send') actor.send({ type: 'phone.send', request });
      else if (event === 'sent') settle('sendCode', 'done', undefined);
      else if (event === 'sendFailed') settle('sendCode', 'error', rejected);
      else if (event === 'confirm') actor.send({ type: 'phone.confirm', code: '123456' });
      else if (event === 'confirmed') settle('confirmCode', 'done', pair);
      else if (event === 'wrongCode') settle('confirmCode', 'error', { code: 'login.wrong_2FA_code' });
      else if (event === 'resendNow') actor.send({ type: 'phone.resend' });
      else if (event === 'resendLater') {
        now = T0 + PHONE_RESEND_COOLDOWN_MS;
        actor.send({ type: 'phone.resend' });
        now = T0;
      } else if (event === 'resent') settle('resendCode', 'done', undefined);
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
      // Times as the table writes them: relative to T0, when every answer arrives.
      const allowedAt = s.context.resendAllowedAt;
      const resendAllowedAt =
        allowedAt === T0 + PHONE_RESEND_COOLDOWN_MS
          ? 'cooldown from now'
          : allowedAt === T0 + 30_000
            ? '30 s from now'
            : allowedAt;
      const { now: _clock, ...context } = s.context;
      return { value: s.value, context: { ...context, resendAllowedAt, issued: [...issued] }, tags: s.tags };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describe('phone-setup machine, against its expectation table', () => {
  afterAll(() => {
    process.stdout.write(tableCoverage('phone-setup', table, phoneSetupMachine, executed).line);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    await replayPath(table, path, start, (actual, expected, what) => expect(actual, what).toEqual(expected));
    executed.add(name);
  });

  it('refuses a resend within the minute after a code was sent', async () => {
    const driver = start();
    await driver.send('send');
    await driver.send('sent');
    await driver.send('resendNow');
    expect(driver.snapshot().value).toBe('confirming');
    expect(driver.calls().map((c) => c.src)).toEqual(['sendCode']);
  });

  it('does not offer turning off while SMS login is off', () => {
    const actor = createActor(phoneSetupMachine, { input: { enabled: false } }).start();
    expect(actor.getSnapshot().can({ type: 'phone.turnOff', currentPassword: 'x' })).toBe(false);
    actor.send({ type: 'phone.turnOff', currentPassword: 'x' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('covered every state of the machine and every transition of the table', () => {
    const states = stateNodePaths(phoneSetupMachine);
    expect([...visited].sort()).toEqual([...states].sort());
    expect(Object.keys(table.states).sort()).toEqual([...states].sort());
    expect([...executed].sort()).toEqual(paths.map((p) => p.name).sort());
  });
});
