import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import { recordVisits, replayPath, stateNodePaths, tablePaths } from '../../tests/support/model';
import { account, requiredFields, registrationTable as table } from '../../tests/support/registration-table';
import { fakeToken } from '../../tests/support/tokens';
import { registrationMachine, registrationStep, VALIDATION_RESEND_COOLDOWN_MS } from './registration.machine';

const T0 = Date.UTC(2026, 10, 22, 12);
const pair = (step: number) => ({
  token: fakeToken({ registration_step: step }, T0 / 1000),
  refresh_token: `r${step}`,
});
const stepOf = (token: string) => JSON.parse(atob(token.split('.')[1] ?? '')).registration_step as number;

const paths = tablePaths(table);
const visited = new Set<string>();
const executed = new Set<string>();

/** A stand-in child: it records how it was started and reaches its end state when the test says so. */
function child(
  src: string,
  calls: { src: string; input: unknown }[],
  end: string,
  pick: (input: never) => unknown,
) {
  return setup({ types: { input: {} as never } }).createMachine({
    context: ({ input }) => {
      calls.push({ src, input: pick(input) });
      return {};
    },
    initial: 'running',
    states: { running: { on: { 'test.end': end } }, [end]: {} },
  });
}

function start(entryStep = 0) {
  let now = T0;
  const issued: (number | string)[] = [];
  const fx = deferredActors([
    'createAccount',
    'resendValidation',
    'skipPhone',
    'loadRequiredFields',
    'nextStep',
  ] as const);
  // Children and callbacks are recorded into the same list as the promise actors, in order.
  const calls = fx.calls as { id: string; input: unknown }[];
  const childCalls = {
    push: (c: { src: string; input: unknown }) => calls.push({ id: c.src, input: c.input }),
  } as unknown as { src: string; input: unknown }[];
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        ...fx.actors,
        watchValidation: fromCallback(() => {
          calls.push({ id: 'watchValidation', input: undefined });
          return () => {};
        }),
        // Stand-ins for the children (their own model tests specify them); typed as what they replace.
        phoneSetup: child('phoneSetup', childCalls, 'confirmed', (input: { enabled: boolean }) => ({
          enabled: input.enabled,
        })) as never,
        profile: child('profile', childCalls, 'saved', (input: unknown) => input) as never,
      },
      actions: { tokensIssued: (_, p) => issued.push(p.token === 'next' ? 'next' : stepOf(p.token)) },
    }),
    { input: { step: entryStep, now: () => now }, inspect: recordVisits(visited) },
  ).start();
  const settle = (id: Parameters<typeof fx.settle>[0], outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending(id) > 0) fx.settle(id, outcome, value);
  };
  const children = () =>
    actor.getSnapshot().children as Record<string, { send: (e: { type: string }) => void }>;
  return {
    async send(event: string) {
      switch (event) {
        case 'createAccount':
          actor.send({ type: 'registration.createAccount', account });
          break;
        case 'createDone':
          settle('createAccount', 'done', pair(1));
          break;
        case 'createFailed':
          settle('createAccount', 'error', { code: 'email.taken', fields: { email: ['email.taken'] } });
          break;
        case 'resendNow':
          actor.send({ type: 'registration.resend' });
          break;
        case 'resendLater':
          now = T0 + VALIDATION_RESEND_COOLDOWN_MS;
          actor.send({ type: 'registration.resend' });
          now = T0;
          break;
        case 'resendDone':
          settle('resendValidation', 'done', undefined);
          break;
        case 'resendFailed':
          settle('resendValidation', 'error', { code: 'request.rate_limited', retryAfterSeconds: 30 });
          break;
        case 'validated':
          actor.send({ type: 'registration.validated' });
          break;
        case 'phoneConfirmed':
          children().phoneSetup?.send({ type: 'test.end' });
          break;
        case 'skipPhone':
          actor.send({ type: 'registration.skipPhone' });
          break;
        case 'skipDone':
          settle('skipPhone', 'done', pair(3));
          break;
        case 'skipFailed':
          settle('skipPhone', 'error', { code: 'server.internal' });
          break;
        case 'fieldsDone':
          settle('loadRequiredFields', 'done', requiredFields);
          break;
        case 'fieldsFailed':
          settle('loadRequiredFields', 'error', new TypeError('Failed to fetch'));
          break;
        case 'retry':
          actor.send({ type: 'registration.retry' });
          break;
        case 'profileComplete':
          children().profile?.send({ type: 'test.end' });
          break;
        case 'nextDone':
          settle('nextStep', 'done', { token: 'next', refresh_token: 'r-next' });
          break;
        case 'nextFailed':
          settle('nextStep', 'error', {
            code: 'registration.step_not_ready',
            fields: { last_name: ['field.required'] },
          });
          break;
        case 'photoDone':
          actor.send({ type: 'registration.photoDone' });
          break;
        default:
          throw new Error(`no such event in the table: ${event}`);
      }
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      const allowedAt = s.context.resendAllowedAt;
      const resendAllowedAt =
        allowedAt === T0 + VALIDATION_RESEND_COOLDOWN_MS
          ? 'cooldown from now'
          : allowedAt === T0 + 30_000
            ? '30 s from now'
            : allowedAt;
      const { now: _clock, ...context } = s.context;
      return { value: s.value, context: { ...context, resendAllowedAt, issued: [...issued] }, tags: s.tags };
    },
    calls: () => calls.map((c) => ({ src: c.id, input: c.input })),
    actor,
  };
}

describe('registration machine, against its expectation table', () => {
  afterAll(() => {
    // tableCoverage counts parent states too; the table names leaves, so the line is written here.
    const states = stateNodePaths(registrationMachine);
    const leaves = states.filter((s) => !states.some((t) => t.startsWith(`${s}.`)) && s !== 'entering');
    const named = leaves.filter((s) => s in table.states).length;
    const ran = paths.filter((p) => executed.has(p.name)).length;
    process.stdout.write(
      `registration model: ${named}/${leaves.length} leaf states (${visited.size}/${states.length} nodes visited, entering by the entry tests), ${ran}/${paths.length} transitions\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    await replayPath(table, path, start, (actual, expected, what) => expect(actual, what).toEqual(expected));
    executed.add(name);
  });

  it.each([
    [0, 'account.editing', 1],
    [1, 'validation.waiting', 2],
    [2, 'phone.settingUp', 3],
    [3, 'profile.loadingFields', 4],
    [4, 'photo.choosing', 5],
  ] as const)('enters after registration step %i at %s (screen step %i)', (step, state, screen) => {
    const { actor } = start(step);
    const snapshot = actor.getSnapshot();
    expect(
      Object.keys(snapshot.value as object).map(
        (k) => `${k}.${(snapshot.value as Record<string, string>)[k]}`,
      ),
    ).toEqual([state]);
    expect(registrationStep(snapshot)).toBe(screen);
    // Entered later, no e-mail was sent just now: a resend is possible at once.
    expect(snapshot.context.resendAllowedAt).toBeNull();
  });

  it('refuses a second validation e-mail within the minute after the first', async () => {
    const driver = start();
    await driver.send('createAccount');
    await driver.send('createDone');
    await driver.send('resendNow');
    expect(driver.snapshot().value).toEqual({ validation: 'waiting' });
    expect(driver.calls().map((c) => c.src)).toEqual(['createAccount', 'watchValidation']);
  });

  it('covered every state of the machine and every transition of the table', () => {
    const states = stateNodePaths(registrationMachine);
    // `entering` is resolved while the initial snapshot is made (no inspection event); the entry tests above cover it.
    expect([...visited].sort()).toEqual(states.filter((s) => s !== 'entering').sort());
    const leaves = states.filter((s) => !states.some((t) => t.startsWith(`${s}.`)) && s !== 'entering');
    expect(Object.keys(table.states).sort()).toEqual(leaves.sort());
    expect([...executed].sort()).toEqual(paths.map((p) => p.name).sort());
  });
});
