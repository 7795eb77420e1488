import { createActor, fromPromise, type SimulatedClock } from 'xstate';
import { CREDENTIALS_KEY, type TokenClaims } from '../../contract/session';
import { sessionMachine, TokenRejected } from '../../src/machines/session/session.machine';
import { decodeClaims } from '../../src/machines/session/token';
import { deferredActors } from './deferred-actors';
import { MemoryStorage } from './tokens';

/** The session machine with a verifyToken that decodes test tokens (no key set) and checks their expiry. */
export function sessionMachineForTests(now: () => number = Date.now) {
  return sessionMachine.provide({
    actors: {
      verifyToken: fromPromise<TokenClaims, { token: string }>(async ({ input }) => {
        const claims = decodeClaims(input.token);
        if (!claims) throw new TokenRejected('invalid');
        if (claims.exp * 1000 <= now()) throw new TokenRejected('expired');
        return claims;
      }),
    },
  });
}

export const SESSION_ACTOR_IDS = [
  'verifyToken',
  'login',
  'submitCode',
  'resendCode',
  'readCodeStatus',
  'refresh',
  'revoke',
] as const;

/**
 * A started session actor over a MemoryStorage (holding `stored` as its credentials, if given) whose
 * every side effect waits for the test to settle it.
 */
export function sessionWithDeferredActors(
  stored?: object,
  now: () => number = Date.now,
  clock?: SimulatedClock,
) {
  const storage = new MemoryStorage();
  if (stored) storage.setItem(CREDENTIALS_KEY, JSON.stringify(stored));
  const fx = deferredActors(SESSION_ACTOR_IDS);
  const actor = createActor(sessionMachine.provide({ actors: fx.actors }), {
    input: { storage, now },
    ...(clock ? { clock } : {}),
  });
  actor.start();
  return { actor, fx, storage, stored: () => JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null') };
}
