import { expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
} from '../../../tests/support/model';
import type * as CooldownModule from './resend-cooldown.machine';

// Written apart from the machine: the usual wait (a minute, as the parents give it), the 30 s a
// refusal's Retry-After asks for, the 42 s the server says are left of a code sent before a reload.
const T = Date.UTC(2026, 10, 29, 12);
const WAIT_MS = 60_000;
const rateLimited = { code: 'request.rate_limited', retryAfterSeconds: 30 };

const ready: Expectation = { target: 'ready', context: { allowedAt: null, seconds: 0 } };
const cooling = (target: string, allowedAt: number, seconds: number): Expectation => ({
  target,
  context: { allowedAt, seconds },
});

/**
 * What every send, refusal or reset does, the clock standing at `now`: each starts the wait anew from
 * then (a shorter one too: the server's word is the one that holds), whatever ran before.
 */
const sends = (now: number): Record<string, Expectation> => ({
  start: cooling('cooling', now + WAIT_MS, 60),
  startServer: cooling('cooling#server', now + 42_000, 42),
  // The server says nothing holds the next send back.
  startNone: ready,
  told: cooling('cooling#told', now + 30_000, 30),
  // A refusal that names no time (a server error): the usual wait.
  toldNoTime: cooling('cooling', now + WAIT_MS, 60),
  // Retry-After: 0: the server takes the next send at once.
  toldNone: ready,
  reset: ready,
});

/**
 * The cooldown's specification, by hand. Events: the parent's (`start` after a send, `startServer`
 * with the 42 s a reload's code status names, `startNone` with 0 s, `told` a 429 with Retry-After 30,
 * `toldNoTime` a refusal without one, `toldNone` one with Retry-After 0, `reset`), and time (`tick` one second, `wait` a minute), which
 * only these events move. No event is refused: each says what holds from now on.
 */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §3 SMS protection' },
  initial: 'ready',
  initialContext: { allowedAt: null, seconds: 0 },
  initialTags: [],
  events: ['start', 'startServer', 'startNone', 'told', 'toldNoTime', 'toldNone', 'reset'],
  states: {
    ready: { ...sends(T), wait: ready },
    // A minute from T: each second of the countdown, and ready once it ends.
    cooling: {
      ...sends(T),
      tick: cooling('cooling#ticked', T + WAIT_MS, 59),
      wait: ready,
    },
    // A second on (the clock at T + 1 s): a new send counts from now, not from the first.
    'cooling#ticked': {
      ...sends(T + 1000),
      tick: cooling('cooling#ticked', T + WAIT_MS, 58),
      wait: ready,
    },
    'cooling#told': {
      ...sends(T),
      tick: cooling('cooling#told', T + 30_000, 29),
      wait: ready,
    },
    'cooling#server': {
      ...sends(T),
      tick: cooling('cooling#server', T + 42_000, 41),
      wait: ready,
    },
  },
};

function start({ resendCooldownMachine }: typeof CooldownModule, inspect?: Inspector) {
  let now = T;
  // The countdown's delays run on this clock, which moves with `now`: only `tick` and `wait` move them.
  const clock = new SimulatedClock();
  const pass = (ms: number) => {
    now += ms;
    clock.increment(ms);
  };
  const actor = createActor(resendCooldownMachine, {
    input: { waitMs: WAIT_MS, now: () => now },
    inspect,
    clock,
  }).start();
  const sends: Record<string, () => void> = {
    start: () => actor.send({ type: 'cooldown.start' }),
    startServer: () => actor.send({ type: 'cooldown.start', waitMs: 42_000 }),
    startNone: () => actor.send({ type: 'cooldown.start', waitMs: 0 }),
    told: () => actor.send({ type: 'cooldown.told', error: rateLimited }),
    toldNoTime: () => actor.send({ type: 'cooldown.told', error: { code: 'server.internal' } }),
    toldNone: () => actor.send({ type: 'cooldown.told', error: { ...rateLimited, retryAfterSeconds: 0 } }),
    reset: () => actor.send({ type: 'cooldown.reset' }),
    tick: () => pass(1000),
    wait: () => pass(WAIT_MS),
  };
  return {
    actor,
    pass,
    async send(event: string) {
      sends[event]?.();
    },
    snapshot() {
      const s = actor.getSnapshot();
      const { allowedAt, seconds } = s.context;
      return { value: s.value, context: { allowedAt, seconds }, tags: s.tags as Set<string> };
    },
    calls: () => [],
  };
}

describeModelTable({
  name: 'resend-cooldown',
  load: () => import('./resend-cooldown.machine'),
  machines: (m) => [m.resendCooldownMachine],
  tables: [{ table, start }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module) => {
    it('counts a wait that does not end on a whole second down on the second, and ends on time', () => {
      const { actor, pass } = start(module());
      actor.send({ type: 'cooldown.start', waitMs: 2_500 });
      expect(actor.getSnapshot().context.seconds).toBe(3);
      pass(499);
      expect(actor.getSnapshot().context.seconds).toBe(3);
      pass(1);
      expect(actor.getSnapshot().context.seconds).toBe(2);
      pass(1000);
      expect(actor.getSnapshot().context.seconds).toBe(1);
      pass(999);
      expect(actor.getSnapshot().value).toBe('cooling');
      pass(1);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context).toMatchObject({ allowedAt: null, seconds: 0 });
    });

    it('lets a parent ask whether it may send again: not while it cools, once it has ended', () => {
      const { actor, pass } = start(module());
      const { mayResend } = module();
      expect(mayResend(actor)).toBe(true);
      actor.send({ type: 'cooldown.start' });
      expect(mayResend(actor)).toBe(false);
      pass(WAIT_MS - 1);
      expect(mayResend(actor)).toBe(false);
      pass(1);
      expect(mayResend(actor)).toBe(true);
    });

    it('waits the usual time it was given when a parent names none (the page’s SMS interval)', () => {
      const actor = createActor(module().resendCooldownMachine, { input: { waitMs: 45_000, now: () => T } });
      actor.start();
      actor.send({ type: 'cooldown.told', error: new TypeError('Failed to fetch') });
      expect(actor.getSnapshot().context).toMatchObject({ allowedAt: T + 45_000, seconds: 45 });
      actor.stop();
    });
  },
});
