import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { CREDENTIALS_KEY } from '../../../contract/session';
import { flush } from '../../../tests/support/deferred-actors';
import { sessionWithDeferredActors } from '../../../tests/support/session';
import { fakeToken } from '../../../tests/support/tokens';
import { type SessionActor, TokenRejected } from './session.machine';
import { decodeClaims } from './token';

const NOW = Date.UTC(2026, 10, 21, 12);
const s = NOW / 1000;
const full = { token: fakeToken({}, s), refresh_token: 'r1' };
const pending = { token: fakeToken({ login_status: 'pending', phone_number: '+4915123456789' }, s) };

const start = (stored?: object) => sessionWithDeferredActors(stored, () => NOW);
/** When the session's `resendCooldown` child lets the next code be asked for. */
const allowedAt = (actor: SessionActor) =>
  actor.getSnapshot().context.cooldown.getSnapshot().context.allowedAt;

/** `now` and the clock the cooldown child's countdown runs on, moved together by `pass`. */
function testClock() {
  let now = NOW;
  const clock = new SimulatedClock();
  return {
    now: () => now,
    clock,
    pass(ms: number) {
      now += ms;
      clock.increment(ms);
    },
  };
}

describe('session machine', () => {
  it('logs in: stores { token, refreshToken } and is authenticated', async () => {
    const { actor, fx, stored } = start();
    actor.send({ type: 'session.login', email: 'a@b.de', password: 'pw-long-enough', locale: 'de' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fx.calls[0]).toEqual({
      id: 'login',
      input: { email: 'a@b.de', password: 'pw-long-enough', locale: 'de' },
    });
    fx.settle('login', 'done', full);
    await flush();
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    expect(stored()).toEqual({ token: full.token, refreshToken: 'r1' });
  });

  it('keeps the translated reason of a failed login and stays logged out', async () => {
    const { actor, fx, stored } = start();
    actor.send({ type: 'session.login', email: 'a@b.de', password: 'x', locale: 'de' });
    fx.settle('login', 'error', { code: 'login.invalid_credentials' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error).toBe('login.invalid_credentials');
    expect(stored()).toBeNull();
  });

  it('goes through the SMS code: pending token stored, wrong code explained, right code signs in', async () => {
    const { actor, fx, stored } = start();
    actor.send({ type: 'session.login', email: 'mfa@b.de', password: 'pw', locale: 'en' });
    fx.settle('login', 'done', pending);
    await flush();
    expect(actor.getSnapshot().value).toBe('mfaPending');
    expect(stored()).toEqual({ token: pending.token });
    expect(allowedAt(actor)).toBe(NOW + 60_000);
    actor.send({ type: 'session.submitCode', code: '000000' });
    expect(fx.calls.at(-1)).toEqual({ id: 'submitCode', input: { token: pending.token, code: '000000' } });
    fx.settle('submitCode', 'error', { code: 'login.wrong_2FA_code' });
    await flush();
    expect(actor.getSnapshot().value).toBe('mfaPending');
    expect(actor.getSnapshot().context.error).toBe('login.wrong_2FA_code');
    actor.send({ type: 'session.submitCode', code: '123456' });
    fx.settle('submitCode', 'done', full);
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('does not ask for a new code before the cooldown is over, and follows the server’s Retry-After', async () => {
    const { actor, fx } = start();
    actor.send({ type: 'session.login', email: 'mfa@b.de', password: 'pw', locale: 'en' });
    fx.settle('login', 'done', pending);
    await flush();
    actor.send({ type: 'session.resendCode' });
    expect(actor.getSnapshot().value).toBe('mfaPending');
    expect(fx.pending('resendCode')).toBe(0);
  });

  it('asks for a new code after a wrong one once the cooldown is over, and forgets the wrong code’s reason', async () => {
    const { now, clock, pass } = testClock();
    const { actor, fx } = sessionWithDeferredActors(undefined, now, clock);
    actor.send({ type: 'session.login', email: 'mfa@b.de', password: 'pw', locale: 'en' });
    fx.settle('login', 'done', pending);
    await flush();
    actor.send({ type: 'session.submitCode', code: '000000' });
    fx.settle('submitCode', 'error', { code: 'login.wrong_2FA_code' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('login.wrong_2FA_code');
    actor.send({ type: 'session.resendCode' });
    expect(actor.getSnapshot().value).toBe('mfaPending');
    pass(60_000);
    actor.send({ type: 'session.resendCode' });
    expect(actor.getSnapshot().value).toBe('resendingCode');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts new credentials without the cooldown of the code this tab asked for', async () => {
    // Another tab signs in and its code is due: this tab waits as long as the server says the other
    // tab's code holds back the next (here: not at all). So may the next login after tokens a call handed over.
    const { actor, fx, storage } = start();
    actor.send({ type: 'session.login', email: 'mfa@b.de', password: 'pw', locale: 'en' });
    fx.settle('login', 'done', pending);
    await flush();
    expect(allowedAt(actor)).toBe(NOW + 60_000);
    const other = { token: fakeToken({ login_status: 'pending', email: 'tab@b.de' }, s) };
    storage.setItem(CREDENTIALS_KEY, JSON.stringify(other));
    actor.send({ type: 'session.restore' });
    expect(allowedAt(actor)).toBeNull();
    fx.settle('verifyToken', 'done', decodeClaims(other.token));
    await flush();
    expect(fx.calls.at(-1)).toEqual({ id: 'readCodeStatus', input: { token: other.token } });
    fx.settle('readCodeStatus', 'done', { resendAt: null, resendAfterSeconds: 0 });
    await flush();
    actor.send({ type: 'session.resendCode' });
    expect(actor.getSnapshot().value).toBe('resendingCode');

    const issued = start();
    issued.actor.send({ type: 'session.login', email: 'mfa@b.de', password: 'pw', locale: 'en' });
    issued.fx.settle('login', 'done', pending);
    await flush();
    issued.actor.send({ type: 'session.submitCode', code: '123456' });
    issued.fx.settle('submitCode', 'done', full);
    await flush();
    expect(allowedAt(issued.actor)).toBeNull();
  });

  it('reloaded on the SMS step: keeps the code due, counts down what the server says is left, then offers a new code', async () => {
    const { now, clock, pass } = testClock();
    const { actor, fx } = sessionWithDeferredActors(pending, now, clock);
    fx.settle('verifyToken', 'done', decodeClaims(pending.token));
    await flush();
    // Guards still wait: the SMS step shows once the server said how long the sent code holds.
    expect(actor.getSnapshot().hasTag('settling')).toBe(true);
    expect(fx.calls.at(-1)).toEqual({ id: 'readCodeStatus', input: { token: pending.token } });
    fx.settle('readCodeStatus', 'done', {
      resendAt: new Date(NOW + 42_500).toISOString(),
      resendAfterSeconds: 43,
    });
    await flush();
    const seen = () => actor.getSnapshot().context.cooldown.getSnapshot().context.seconds;
    expect(actor.getSnapshot().value).toBe('mfaPending');
    expect(actor.getSnapshot().context.claims?.phone_number).toBe('+4915123456789');
    expect(seen()).toBe(43);
    expect(actor.getSnapshot().can({ type: 'session.resendCode' })).toBe(false);
    pass(999);
    expect(seen()).toBe(43);
    pass(1);
    expect(seen()).toBe(42);
    for (let i = 0; i < 41; i++) pass(1000);
    expect(seen()).toBe(1);
    expect(actor.getSnapshot().can({ type: 'session.resendCode' })).toBe(false);
    pass(1000);
    expect(seen()).toBe(0);
    expect(allowedAt(actor)).toBeNull();
    expect(actor.getSnapshot().can({ type: 'session.resendCode' })).toBe(true);
    // The code still works: the step is the same as before the reload.
    actor.send({ type: 'session.submitCode', code: '123456' });
    expect(fx.calls.at(-1)).toEqual({ id: 'submitCode', input: { token: pending.token, code: '123456' } });
  });

  it('restores a stored token that verifies', async () => {
    const { actor, fx } = start({ token: full.token, refreshToken: 'r1' });
    expect(actor.getSnapshot().value).toBe('verifying');
    fx.settle('verifyToken', 'done', decodeClaims(full.token));
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('refreshes a stored token that has expired, and drops one that does not verify', async () => {
    const expired = start({ token: full.token, refreshToken: 'r1' });
    expired.fx.settle('verifyToken', 'error', new TokenRejected('expired'));
    await flush();
    expect(expired.actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true);
    expect(expired.fx.calls.at(-1)).toEqual({ id: 'refresh', input: { refreshToken: 'r1' } });

    const forged = start({ token: full.token, refreshToken: 'r1' });
    forged.fx.settle('verifyToken', 'error', new TokenRejected('invalid'));
    await flush();
    expect(forged.actor.getSnapshot().value).toBe('loggedOut');
    expect(forged.actor.getSnapshot().context.ended).toBe('invalid');
    expect(forged.stored()).toBeNull();
  });

  it('ends the session when the refresh fails, marking it expired (the app then goes to /)', async () => {
    const { actor, fx, stored } = start({ token: full.token, refreshToken: 'r1' });
    fx.settle('verifyToken', 'done', decodeClaims(full.token));
    await flush();
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.refresh' });
    expect(fx.pending('refresh')).toBe(1);
    fx.settle('refresh', 'error', { code: 'refresh.reused' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.ended).toBe('expired');
    expect(stored()).toBeNull();
  });

  it('takes tokens a call answers during a refresh: the late refresh answer neither overwrites them nor signs out', async () => {
    const issued = { token: fakeToken({ registration_step: 3 }, s), refreshToken: 'r-issued' };
    for (const late of [
      ['done', { token: fakeToken({ registration_step: 2 }, s), refresh_token: 'r-old-rotated' }],
      // A new password revoked every older session: the refresh presented the old token.
      ['error', { code: 'refresh.invalid' }],
    ] as const) {
      const { actor, fx, stored } = start({ token: full.token, refreshToken: 'r1' });
      fx.settle('verifyToken', 'done', decodeClaims(full.token));
      await flush();
      actor.send({ type: 'session.refresh' });
      actor.send({ type: 'session.tokensIssued', credentials: issued });
      expect(actor.getSnapshot().value).toBe('verifying');
      expect(stored()).toEqual(issued);
      fx.settle('refresh', late[0], late[1]);
      fx.settle('verifyToken', 'done', decodeClaims(issued.token));
      await flush();
      expect(actor.getSnapshot().matches({ authenticated: 'idle' }), late[0]).toBe(true);
      expect(actor.getSnapshot().context.credentials, late[0]).toEqual(issued);
      expect(actor.getSnapshot().context.ended, late[0]).toBeNull();
      expect(stored(), late[0]).toEqual(issued);
    }
  });

  it('logs out: clears the stored credentials at once and revokes the refresh token on the server', async () => {
    const { actor, fx, stored } = start({ token: full.token, refreshToken: 'r1' });
    fx.settle('verifyToken', 'done', decodeClaims(full.token));
    await flush();
    actor.send({ type: 'session.logout' });
    expect(stored()).toBeNull();
    expect(fx.calls.at(-1)).toEqual({ id: 'revoke', input: { refreshToken: 'r1' } });
    fx.settle('revoke', 'error', new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.claims).toBeNull();
    expect(actor.getSnapshot().context.ended).toBeNull();
  });
});
