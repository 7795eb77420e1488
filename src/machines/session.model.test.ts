import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { CREDENTIALS_KEY, type TokenPair } from '../../contract/session';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { fakeToken, MemoryStorage } from '../../tests/support/tokens';
import { sessionMachine, TokenRejected } from './session.machine';
import { decodeClaims } from './token';

const NOW = Date.UTC(2026, 10, 21, 12);
const s = NOW / 1000;
const full: TokenPair = { token: fakeToken({}, s), refresh_token: 'r-full' };
const renewed: TokenPair = { token: fakeToken({ iat: s + 1 }, s), refresh_token: 'r-renewed' };
const pending: TokenPair = { token: fakeToken({ login_status: 'pending' }, s) };
const ACTOR_IDS = ['verifyToken', 'login', 'submitCode', 'resendCode', 'refresh', 'revoke'] as const;
type ActorId = (typeof ACTOR_IDS)[number];

const done = (id: ActorId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const failed = (id: ActorId, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as never;

// The model's storage stays empty (traversal runs no side effects): `session.restore` then means
// "another tab logged out", and the replay clears its storage before sending it.
const model = machineModel(sessionMachine, {
  input: { storage: new MemoryStorage(), now: () => NOW },
  events: [
    { type: 'session.login', email: 'a@b.de', password: 'pw', locale: 'de' },
    { type: 'session.tokensIssued', credentials: { token: full.token, refreshToken: 'r-full' } },
    { type: 'session.submitCode', code: '123456' },
    { type: 'session.resendCode' },
    { type: 'session.refresh' },
    { type: 'session.tokensIssued', credentials: { token: renewed.token, refreshToken: 'r-renewed' } },
    { type: 'session.logout' },
    { type: 'session.restore' },
    done('verifyToken', decodeClaims(full.token)),
    done('verifyToken', decodeClaims(pending.token)),
    failed('verifyToken', new TokenRejected('expired')),
    failed('verifyToken', new TokenRejected('invalid')),
    done('login', full),
    done('login', pending),
    failed('login', { code: 'login.invalid_credentials' }),
    done('submitCode', full),
    failed('submitCode', { code: 'login.wrong_2FA_code' }),
    done('resendCode', undefined),
    failed('resendCode', { code: 'request.rate_limited', retryAfterSeconds: 30 }),
    done('refresh', renewed),
    failed('refresh', { code: 'refresh.reused' }),
    done('revoke', undefined),
    failed('revoke', new Error('offline')),
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('session machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `session model: ${visited.size} of ${stateNodePaths(sessionMachine).length} states visited, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const storage = new MemoryStorage();
    const fx = deferredActors(ACTOR_IDS);
    const actor = createActor(sessionMachine.provide({ actors: fx.actors }), {
      input: { storage, now: () => NOW },
      inspect: recordVisits(visited),
    });
    actor.start();
    const stored = () => JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null');
    for (const { event, expected } of path.steps) {
      const e = event as EventObject & { output?: unknown; error?: unknown };
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (settled) {
        fx.settle(
          settled[2] as ActorId,
          settled[1] === 'done' ? 'done' : 'error',
          settled[1] === 'done' ? e.output : e.error,
        );
      } else {
        if (e.type === 'session.restore') storage.clear();
        actor.send(event);
      }
      await flush();
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw snapshot.error;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.error).toEqual(expected.context.error);
      // What the browser keeps always matches the state it is in.
      if (snapshot.matches('loggedOut') || snapshot.matches('loggingOut')) expect(stored()).toBeNull();
      if (snapshot.matches({ authenticated: 'idle' })) {
        expect(stored()).toEqual(snapshot.context.credentials);
        expect(stored().refreshToken).toEqual(expect.any(String));
      }
      if (snapshot.matches('mfaPending')) expect(stored()).toEqual(snapshot.context.credentials);
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(sessionMachine).sort());
    expect(executed).toBe(paths.length);
    const names = paths.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'loggedOut --session.login--> authenticating',
        'authenticating --xstate.done.actor.login--> mfaPending',
        'authenticating --xstate.done.actor.login--> {"authenticated":"idle"}',
        'authenticating --xstate.error.actor.login--> loggedOut',
        'mfaPending --session.submitCode--> verifyingCode',
        'verifyingCode --xstate.error.actor.submitCode--> mfaPending',
        'verifyingCode --xstate.done.actor.submitCode--> {"authenticated":"idle"}',
        'resendingCode --xstate.error.actor.resendCode--> mfaPending',
        '{"authenticated":"idle"} --session.refresh--> {"authenticated":"refreshing"}',
        '{"authenticated":"refreshing"} --xstate.done.actor.refresh--> {"authenticated":"idle"}',
        '{"authenticated":"refreshing"} --xstate.error.actor.refresh--> loggedOut',
        '{"authenticated":"idle"} --session.logout--> loggingOut',
        'loggingOut --xstate.done.actor.revoke--> loggedOut',
        'loggingOut --xstate.error.actor.revoke--> loggedOut',
        'verifying --xstate.error.actor.verifyToken--> {"authenticated":"refreshing"}',
        'verifying --xstate.error.actor.verifyToken--> loggedOut',
      ]),
    );
  });
});
