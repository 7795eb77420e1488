import { expect, it } from 'vitest';
import { assign, createActor, fromCallback, SimulatedClock, setup } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Inspector,
  resendTimeLabel,
  runningChildren,
} from '../../../tests/support/model';
import {
  account,
  newEmail,
  requiredFields,
  registrationTable as table,
} from '../../../tests/support/registration-table';
import { fakeToken } from '../../../tests/support/tokens';
import type * as RegistrationModule from './registration.machine';

/** The cooldown PRODUCT.md §3 sets for a second validation e-mail, written apart from the machine. */
const VALIDATION_RESEND_COOLDOWN_MS = 60_000;

const T0 = Date.UTC(2026, 10, 22, 12);
const pair = (step: number) => ({
  token: fakeToken({ registration_step: step }, T0 / 1000),
  refresh_token: `r${step}`,
});
const stepOf = (token: string) => JSON.parse(atob(token.split('.')[1] ?? '')).registration_step as number;

/**
 * A stand-in child: it records how it was started and reaches its end state when the test says so;
 * `test.clean` / `test.dirty` put it in the profile machine's `editing.clean` / `editing.dirty` with
 * the given fields missing (a profile loaded or edited, not saved).
 */
function child(
  src: string,
  calls: { src: string; input: unknown }[],
  end: string,
  pick: (input: never) => unknown,
) {
  const missing = (key: 'none' | 'last_name') => ({ profile: { missing: key === 'none' ? [] : [key] } });
  return setup({
    types: {
      input: {} as never,
      context: {} as { profile: { missing: string[] } | null },
      events: {} as
        | { type: 'test.end' }
        | { type: 'test.clean' | 'test.dirty'; missing: 'none' | 'last_name' },
    },
  }).createMachine({
    context: ({ input }) => {
      calls.push({ src, input: pick(input) });
      return { profile: null };
    },
    initial: 'running',
    on: {
      'test.end': `.${end}`,
      'test.clean': { target: '.editing.clean', actions: assign(({ event }) => missing(event.missing)) },
      'test.dirty': { target: '.editing.dirty', actions: assign(({ event }) => missing(event.missing)) },
    },
    states: { running: {}, editing: { initial: 'clean', states: { clean: {}, dirty: {} } }, [end]: {} },
  });
}

function start({ registrationMachine }: typeof RegistrationModule, inspect?: Inspector, entryStep = 0) {
  // The cooldown child's countdown runs on this clock, which moves with `now`: only `wait` moves them.
  let now = T0;
  const clock = new SimulatedClock();
  const issued: (number | string)[] = [];
  const fx = deferredActors([
    'createAccount',
    'resendValidation',
    'changeEmail',
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
    { input: { step: entryStep, now: () => now }, inspect, clock },
  ).start();
  const settle = (id: Parameters<typeof fx.settle>[0], outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending(id) > 0) fx.settle(id, outcome, value);
  };
  const children = () =>
    actor.getSnapshot().children as Record<
      string,
      { send: (e: { type: string; missing?: string }) => void } | undefined
    >;
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
        case 'resend':
          actor.send({ type: 'registration.resend' });
          break;
        case 'wait':
          now += VALIDATION_RESEND_COOLDOWN_MS;
          clock.increment(VALIDATION_RESEND_COOLDOWN_MS);
          break;
        case 'resendDone':
          settle('resendValidation', 'done', undefined);
          break;
        case 'resendFailed':
          settle('resendValidation', 'error', { code: 'request.rate_limited', retryAfterSeconds: 30 });
          break;
        case 'changeEmail':
          actor.send({ type: 'registration.changeEmail', email: newEmail });
          break;
        case 'changeEmailInvalid':
          actor.send({ type: 'registration.changeEmail', email: 'kein-at-zeichen' });
          break;
        case 'changeDone':
          settle('changeEmail', 'done', pair(1));
          break;
        case 'changeTaken':
          settle('changeEmail', 'error', { code: 'email.taken', fields: { email: ['email.taken'] } });
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
        case 'profileHadAll':
          children().profile?.send({ type: 'test.clean', missing: 'none' });
          break;
        case 'profileLacks':
          children().profile?.send({ type: 'test.clean', missing: 'last_name' });
          break;
        case 'profileEditedHadAll':
          children().profile?.send({ type: 'test.dirty', missing: 'none' });
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
      // The cooldown is the `resendCooldown` child's (its own model test specifies it): its time as the
      // table writes it, relative to now, and whether it lets a resend through.
      const { now: _clock, cooldown: child, ...context } = s.context;
      const cooldown = child.getSnapshot();
      const resendAllowedAt = resendTimeLabel(cooldown.context.allowedAt, now, VALIDATION_RESEND_COOLDOWN_MS);
      const running = runningChildren(s).filter((id) => id !== 'resendCooldown');
      return {
        value: s.value,
        context: {
          ...context,
          resendAllowedAt,
          cooldown: cooldown.value,
          issued: [...issued],
          running,
          status: s.status,
        },
        tags: s.tags,
      };
    },
    calls: () => calls.map((c) => ({ src: c.id, input: c.input })),
    actor,
  };
}

describeModelTable({
  name: 'registration',
  load: () => import('./registration.machine'),
  machines: (m) => [m.registrationMachine],
  tables: [{ table, start }],
  // `entering` is resolved while the initial snapshot is made (no inspection event); the entry tests cover it.
  unvisited: ['entering'],
  rowForEveryLeafBut: ['entering'],
  everyTransition: true,
  more: (module, inspect) => {
    it.each([
      [0, 'account.editing', 1],
      [1, 'validation.waiting', 2],
      [2, 'phone.settingUp', 3],
      [3, 'profile.loadingFields', 4],
      [4, 'photo.choosing', 5],
    ] as const)('enters after registration step %i at %s (screen step %i)', (step, state, screen) => {
      const { registrationStep } = module();
      const { actor } = start(module(), inspect, step);
      const snapshot = actor.getSnapshot();
      expect(
        Object.keys(snapshot.value as object).map(
          (k) => `${k}.${(snapshot.value as Record<string, string>)[k]}`,
        ),
      ).toEqual([state]);
      expect(registrationStep(snapshot)).toBe(screen);
      // Entered later, no e-mail was sent just now: a resend is possible at once.
      expect(snapshot.context.cooldown.getSnapshot().value).toBe('ready');
    });

    it('refuses a second validation e-mail within the minute after the first', async () => {
      const driver = start(module(), inspect);
      await driver.send('createAccount');
      await driver.send('createDone');
      await driver.send('resend');
      expect(driver.snapshot().value).toEqual({ validation: 'waiting' });
      expect(driver.calls().map((c) => c.src)).toEqual(['createAccount', 'watchValidation']);
    });

    it('needs the app to provide every call: the stand-ins in the machine fail', async () => {
      const { registrationMachine } = module();
      // Each entry step reaches one call; an unprovided call must fail, never pass as done.
      const cases = [
        [0, { type: 'registration.createAccount', account }, { account: 'editing' }],
        [1, { type: 'registration.resend' }, { validation: 'waiting' }],
        [2, { type: 'registration.skipPhone' }, { phone: 'settingUp' }],
        [3, null, { profile: 'loadFailed' }],
        [4, { type: 'registration.photoDone' }, { photo: 'choosing' }],
      ] as const;
      for (const [step, event, state] of cases) {
        const actor = createActor(registrationMachine, { input: { step, now: () => T0 } }).start();
        if (event) actor.send(event);
        await flush();
        await flush();
        expect(actor.getSnapshot().value, `entered after step ${step}`).toEqual(state);
        expect(actor.getSnapshot().context.error, `entered after step ${step}`).not.toBeNull();
        actor.stop();
      }
    });
  },
});
