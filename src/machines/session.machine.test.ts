import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CREDENTIALS_KEY } from '../../contract/session';
import { fakeToken, MemoryStorage } from '../../tests/support/tokens';
import { sessionMachine } from './session.machine';

function start(stored?: unknown, now = Date.now()) {
  const storage = new MemoryStorage();
  if (stored !== undefined)
    storage.setItem(CREDENTIALS_KEY, typeof stored === 'string' ? stored : JSON.stringify(stored));
  const actor = createActor(sessionMachine, { input: { storage, now: () => now } }).start();
  return { actor, storage };
}

describe('session machine (restoring stored credentials)', () => {
  it('is logged out without stored credentials', () => {
    expect(start().actor.getSnapshot().value).toBe('loggedOut');
  });

  it('restores a stored, unexpired token as authenticated with its claims', () => {
    const { actor } = start({ token: fakeToken({ user_type: 'company' }), refreshToken: 'r' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('authenticated');
    expect(snapshot.context.claims?.user_type).toBe('company');
  });

  it('restores a token pending the SMS code as mfaPending', () => {
    const { actor } = start({ token: fakeToken({ login_status: 'pending' }), refreshToken: 'r' });
    expect(actor.getSnapshot().value).toBe('mfaPending');
  });

  it.each([
    ['garbage JSON', '{not json'],
    ['a token that is not a JWT', { token: 'abc', refreshToken: 'r' }],
    ['claims of the wrong shape', { token: fakeToken({ registration_step: 9 }), refreshToken: 'r' }],
  ])('discards %s and is logged out', (_name, stored) => {
    const { actor, storage } = start(stored);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(storage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('discards an expired token', () => {
    const now = Date.now();
    const token = fakeToken({}, Math.floor(now / 1000) - 1000);
    const { actor, storage } = start({ token, refreshToken: 'r' }, now);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(storage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('stores the credentials it signs in with', () => {
    const { actor, storage } = start();
    const credentials = { token: fakeToken(), refreshToken: 'r1' };
    actor.send({ type: 'session.signedIn', credentials });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null')).toEqual(credentials);
  });

  it('logout clears the stored credentials and the claims', () => {
    const { actor, storage } = start({ token: fakeToken(), refreshToken: 'r' });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.claims).toBeNull();
    expect(storage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('follows another tab: restore picks up credentials written elsewhere, and their removal', () => {
    const { actor, storage } = start();
    storage.setItem(CREDENTIALS_KEY, JSON.stringify({ token: fakeToken(), refreshToken: 'r' }));
    actor.send({ type: 'session.restore' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    storage.removeItem(CREDENTIALS_KEY);
    actor.send({ type: 'session.restore' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });
});
