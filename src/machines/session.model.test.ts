import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { CREDENTIALS_KEY } from '../../contract/session';
import { activePaths, pathsCoveringEveryTransition, stateNodePaths } from '../../tests/support/model';
import { fakeToken, MemoryStorage } from '../../tests/support/tokens';
import { sessionMachine } from './session.machine';

const NOW = Date.UTC(2026, 10, 21, 12);
const nowSeconds = NOW / 1000;
const valid = { token: fakeToken({}, nowSeconds), refreshToken: 'r-valid' };
const pending = { token: fakeToken({ login_status: 'pending' }, nowSeconds), refreshToken: 'r-pending' };
const expired = { token: fakeToken({}, nowSeconds - 3600), refreshToken: 'r-expired' };

// The model's storage stays empty (traversal runs no side effects), so in the model
// `session.restore` means "another tab logged out"; the replay below does exactly that.
const model = createTestModel(sessionMachine, {
  input: { storage: new MemoryStorage(), now: () => NOW },
  events: [
    { type: 'session.signedIn', credentials: valid },
    { type: 'session.signedIn', credentials: pending },
    { type: 'session.signedIn', credentials: expired },
    { type: 'session.logout' },
    { type: 'session.restore' },
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('session machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `session model: ${visited.size} states visited of ${stateNodePaths(sessionMachine).length}, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', (_name, path) => {
    const storage = new MemoryStorage();
    const actor = createActor(sessionMachine, {
      input: { storage, now: () => NOW },
      // Microsteps include the states passed through within one step (restoring, checking).
      inspect: (e) => {
        if (e.type === '@xstate.microstep' || e.type === '@xstate.snapshot') {
          for (const p of activePaths((e.snapshot as { value?: unknown }).value)) visited.add(p);
        }
      },
    });
    actor.start();
    const stored = () => JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null');
    for (const { event, expected } of path.steps) {
      if (event.type === 'session.restore') storage.clear();
      actor.send(event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      // What the browser keeps always matches the state.
      if (snapshot.matches('loggedOut')) {
        expect(stored()).toBeNull();
        expect(snapshot.context.claims).toBeNull();
      }
      if (snapshot.matches('authenticated')) expect(stored()).toEqual(valid);
      if (snapshot.matches('mfaPending')) expect(stored()).toEqual(pending);
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    const all = stateNodePaths(sessionMachine);
    expect([...visited].sort()).toEqual(all.sort());
    expect(executed).toBe(paths.length);
    expect(paths.map((p) => p.name).sort()).toEqual(
      [
        'loggedOut --session.signedIn--> authenticated',
        'loggedOut --session.signedIn--> mfaPending',
        'loggedOut --session.signedIn--> loggedOut',
        'loggedOut --session.restore--> loggedOut',
        'authenticated --session.logout--> loggedOut',
        'authenticated --session.restore--> loggedOut',
        'mfaPending --session.logout--> loggedOut',
        'mfaPending --session.restore--> loggedOut',
      ].sort(),
    );
  });
});
