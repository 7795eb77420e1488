import { describe, expect, it } from 'vitest';
import type { TokenClaims } from '../../../contract/session';
import { fakeToken } from '../../../tests/support/tokens';
import { decodeClaims } from '../../machines/token';
import { registrationStateOf, sessionStateOf } from './lifecycle';

const claims = (partial: Partial<TokenClaims>) => {
  const decoded = decodeClaims(fakeToken(partial));
  if (!decoded) throw new Error('test token does not decode');
  return decoded;
};

describe('"you are here" from the token', () => {
  it.each([
    [0, 'registration.done'],
    [1, 'registration.awaitingValidation'],
    [2, 'registration.phone'],
    [3, 'registration.profile'],
    [4, 'registration.photo'],
  ])('registration_step %i is %s, where the registration flow opens', (step, state) => {
    expect(registrationStateOf(claims({ registration_step: step }))).toContain(state);
  });

  it('a login waiting for the SMS code is in mfaPending, otherwise logged in and working', () => {
    expect(sessionStateOf(claims({ login_status: 'pending' }))).toEqual(['session.mfaPending']);
    expect(sessionStateOf(claims({ login_status: 'ok' }))).toEqual([
      'session.authenticated',
      'session.authenticated.idle',
    ]);
  });
});
