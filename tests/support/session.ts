import { fromPromise } from 'xstate';
import type { TokenClaims } from '../../contract/session';
import { sessionMachine, TokenRejected } from '../../src/machines/session.machine';
import { decodeClaims } from '../../src/machines/token';

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
