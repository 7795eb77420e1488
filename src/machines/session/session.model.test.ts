import { expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CREDENTIALS_KEY } from '../../../contract/session';
import { deferredActors } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, sendsAndAnswers } from '../../../tests/support/model';
import {
  ACTORS,
  BROKEN,
  COOLDOWN,
  credentials,
  ISSUED,
  LOGIN,
  NOW,
  SIGNED,
  sessionResults,
  TAB,
  TAB_PENDING,
  sessionTable as table,
} from '../../../tests/support/session-table';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import { MemoryStorage } from '../../../tests/support/tokens';
import type * as SessionModule from './session.machine';

// The specification is tests/support/session-table.ts (the browser test walks the same table).

function start({ sessionMachine, TokenRejected }: typeof SessionModule, inspect?: Inspector) {
  const RESULTS = sessionResults(TokenRejected);
  const storage = new MemoryStorage();
  let now = NOW;
  // The countdown's delays run on this clock, which moves with `now`: only `tick` and `wait` move them.
  const clock = new SimulatedClock();
  const pass = (ms: number) => {
    now += ms;
    clock.increment(ms);
  };
  const fx = deferredActors(ACTORS);
  const actor = createActor(sessionMachine.provide({ actors: fx.actors }), {
    input: { storage, now: () => now },
    inspect,
    clock,
  }).start();
  const otherTabStores = (value: object | null) => {
    if (value) storage.setItem(CREDENTIALS_KEY, JSON.stringify(value));
    else storage.removeItem(CREDENTIALS_KEY);
    actor.send({ type: 'session.restore' });
  };
  const sends: Record<string, () => void> = {
    login: () => actor.send({ type: 'session.login', ...credentials }),
    submitCode: () => actor.send({ type: 'session.submitCode', code: '123456' }),
    resendCode: () => actor.send({ type: 'session.resendCode' }),
    refresh: () => actor.send({ type: 'session.refresh' }),
    // New tokens: a finished registration hands SIGNED to a signed-out session; a signed-in tab's
    // account change (e.g. the phone step) hands over ISSUED.
    tokensIssued: () =>
      actor.send({
        type: 'session.tokensIssued',
        credentials: actor.getSnapshot().matches('loggedOut') ? SIGNED : ISSUED,
      }),
    // The header's logout: the start page is to say goodbye (only a signed-in session's logout does).
    logout: () => actor.send({ type: 'session.logout', farewell: 'logged-out' }),
    otherTabLoggedOut: () => otherTabStores(null),
    otherTabLoggedIn: () => otherTabStores(TAB),
    otherTabPending: () => otherTabStores(TAB_PENDING),
    otherTabBroken: () => otherTabStores(BROKEN),
    wait: () => pass(COOLDOWN),
    tick: () => pass(1000),
  };
  return {
    send: sendsAndAnswers(actor, fx, sends, RESULTS),
    snapshot() {
      const snap = actor.getSnapshot();
      if (snap.status === 'error') throw snap.error;
      const { credentials, claims, error, ended, farewell } = snap.context;
      // When a new code may be asked for is the `resendCooldown` child's (its own model test specifies
      // it): the table's resendAllowedAt and resendSeconds are read from its snapshot.
      const { allowedAt: resendAllowedAt, seconds: resendSeconds } =
        snap.context.cooldown.getSnapshot().context;
      const stored = JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null');
      return {
        value: snap.value,
        context: { credentials, claims, error, resendAllowedAt, resendSeconds, ended, farewell, stored },
        tags: snap.tags as Set<string>,
      };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'session',
  load: () => import('./session.machine'),
  machines: (m) => [m.sessionMachine],
  tables: [{ table, start }],
  // Every leaf but the eventless `restoring` has a row.
  rowForEveryLeafBut: ['restoring'],
  everyTransition: true,
  more: (module) => {
    itNeedsTheAppsCalls(() => module().sessionMachine, {
      verifyToken: 'Error: verifyToken is provided by the app',
      login: 'Error: login is provided by the app',
      submitCode: 'Error: submitCode is provided by the app',
      resendCode: 'Error: resendCode is provided by the app',
      readCodeStatus: 'Error: readCodeStatus is provided by the app',
      refresh: 'Error: refresh is provided by the app',
    });

    it('names every tag the machine carries, and no other', () => {
      const { sessionMachine } = module();
      const defined = new Set<string>();
      const walk = (node: { tags: string[]; states: Record<string, unknown> }) => {
        for (const tag of node.tags) defined.add(tag);
        for (const child of Object.values(node.states)) walk(child as typeof node);
      };
      walk(sessionMachine.root as never);
      const named = new Set(
        Object.values(table.states).flatMap((row) => Object.values(row).flatMap((e) => e.tags ?? [])),
      );
      expect([...named].sort()).toEqual([...defined].sort());
    });

    it('marks as stages (what the lifecycle page draws) the states a person names, and only those', () => {
      const { sessionMachine } = module();
      const stages: string[] = [];
      const walk = (node: {
        path: string[];
        meta?: { stage?: unknown };
        states: Record<string, unknown>;
      }) => {
        if (node.meta?.stage === true) stages.push(node.path.join('.'));
        for (const child of Object.values(node.states)) walk(child as typeof node);
      };
      walk(sessionMachine.root as never);
      expect(stages.sort()).toEqual(['authenticated', 'loggedOut', 'mfaPending']);
    });

    it('restores a session a reload finds in storage, and drops one it cannot read', () => {
      for (const [stored, value, kept] of [
        [LOGIN, 'verifying', LOGIN],
        [BROKEN, 'loggedOut', null],
      ] as const) {
        const storage = new MemoryStorage();
        storage.setItem(CREDENTIALS_KEY, JSON.stringify(stored));
        const fx = deferredActors(ACTORS);
        const actor = createActor(module().sessionMachine.provide({ actors: fx.actors }), {
          input: { storage },
        }).start();
        expect(actor.getSnapshot().value).toBe(value);
        expect(actor.getSnapshot().context.credentials).toEqual(kept);
        expect(JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null')).toEqual(kept);
        expect(fx.calls).toEqual(kept ? [{ id: 'verifyToken', input: { token: LOGIN.token } }] : []);
      }
    });
  },
});
