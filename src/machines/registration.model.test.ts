import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import type { TokenPair } from '../../contract/session';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { fakeToken } from '../../tests/support/tokens';
import { registrationMachine } from './registration.machine';

const NOW = Date.UTC(2026, 10, 21, 12);
const pair = (step: number): TokenPair => ({
  token: fakeToken({ registration_step: step }, NOW / 1000),
  refresh_token: `r${step}`,
});
const ACTORS = [
  'createAccount',
  'resendValidation',
  'savePhone',
  'resendPhoneCode',
  'confirmPhone',
  'skipPhone',
  'nextStep',
] as const;
type ActorId = (typeof ACTORS)[number];
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as never;
const account = {
  email: 'neu@matchwerk.example',
  password: 'Lange-sichere-Passphrase',
  category: 'stella' as const,
  language: 'de' as const,
  accepted: ['terms-conditions', 'condition-agreements'],
};
const events = [
  { type: 'registration.createAccount', account },
  done('createAccount', pair(1)),
  failed('createAccount', { code: 'email.taken' }),
  { type: 'registration.resend' },
  done('resendValidation', undefined),
  failed('resendValidation', { code: 'request.rate_limited', retryAfterSeconds: 30 }),
  { type: 'registration.validated' },
  { type: 'registration.savePhone', phoneNumber: '0151 23456789', countryCode: 'DE' },
  done('savePhone', '+4915123456789'),
  failed('savePhone', { code: 'phone.invalid' }),
  { type: 'registration.confirmCode', code: '123456' },
  done('confirmPhone', pair(3)),
  failed('confirmPhone', { code: 'login.wrong_2FA_code' }),
  done('resendPhoneCode', undefined),
  failed('resendPhoneCode', { code: 'request.rate_limited', retryAfterSeconds: 30 }),
  { type: 'registration.changePhone' },
  { type: 'registration.skipPhone' },
  done('skipPhone', pair(3)),
  failed('skipPhone', { code: 'server.internal' }),
  { type: 'registration.profileDone' },
  done('nextStep', pair(4)),
  failed('nextStep', { code: 'registration.step_not_ready' }),
  { type: 'registration.photoDone' },
  done('finish', pair(0)),
  failed('finish', { code: 'server.internal' }),
];

// The cooldown guard is tested on its own below; in the model a resend is always allowed, so that
// its transitions are reachable under a frozen clock.
const modelled = registrationMachine.provide({ guards: { mayResend: () => true } });

// One model per entry point: a visitor (0) and a signed-in user at steps 1–4 (SEED-SPEC §2: step + 1).
const paths = [0, 1, 2, 3, 4].flatMap((step) =>
  pathsCoveringEveryTransition(
    machineModel(modelled, { input: { step, now: () => NOW }, events: events as never }),
  ).map((p) => ({ ...p, step })),
);
const unique = [...new Map(paths.map((p) => [p.name, p])).values()];
const visited = new Set<string>();
let executed = 0;

describe('registration machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `registration model: ${visited.size} of ${stateNodePaths(registrationMachine).length} states visited, ${executed}/${unique.length} transitions executed\n`,
    );
  });

  it.each(unique.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const fx = deferredActors(ACTORS);
    const issued: TokenPair[] = [];
    let validate: (() => void) | null = null;
    const machine = modelled.provide({
      actors: {
        ...fx.actors,
        watchValidation: fromCallback(({ sendBack }) => {
          validate = () => sendBack({ type: 'registration.validated' });
          return () => {
            validate = null;
          };
        }),
      },
      actions: { tokensIssued: (_, p) => issued.push(p) },
    });
    const actor = createActor(machine, {
      input: { step: path.step, now: () => NOW },
      inspect: recordVisits(visited),
    }).start();
    // Every actor begins in `entering`; its eventless exit happens while createActor() runs, unseen by inspect.
    visited.add('entering');
    for (const { event, expected } of path.steps) {
      const e = event as EventObject & { output?: unknown; error?: unknown };
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (settled) {
        const id = (settled[2] === 'finish' ? 'nextStep' : settled[2]) as ActorId;
        fx.settle(id, settled[1] === 'done' ? 'done' : 'error', settled[1] === 'done' ? e.output : e.error);
      } else if (e.type === 'registration.validated') {
        // The validation arrives from the watcher (another tab opened the link), not from the user.
        expect(validate).not.toBeNull();
        (validate as (() => void) | null)?.();
      } else {
        actor.send(event as never);
      }
      await flush();
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw snapshot.error;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.error).toEqual(expected.context.error);
      if (/^xstate\.done\.actor\.(createAccount|confirmPhone|skipPhone|nextStep|finish)$/.test(e.type)) {
        expect(issued.at(-1)).toEqual(e.output);
      }
    }
    executed++;
  });

  it.each([
    [0, 'account'],
    [1, 'awaitingValidation'],
    [2, 'phone'],
    [3, 'profile'],
    [4, 'photo'],
  ])('enters at the step after step %i: %s', (step, state) => {
    expect(
      createActor(registrationMachine, { input: { step, now: () => NOW } })
        .start()
        .getSnapshot().value,
    ).toBe(state);
  });

  it('asks for a new validation e-mail only after the cooldown, and as long as the server says', async () => {
    let now = NOW;
    const fx = deferredActors(ACTORS);
    const actor = createActor(registrationMachine.provide({ actors: fx.actors }), {
      input: { step: 0, now: () => now },
    }).start();
    actor.send({ type: 'registration.createAccount', account });
    fx.settle('createAccount', 'done', pair(1));
    await flush();
    actor.send({ type: 'registration.resend' });
    expect(actor.getSnapshot().value).toBe('awaitingValidation');
    now += 60_000;
    actor.send({ type: 'registration.resend' });
    expect(actor.getSnapshot().value).toBe('resendingValidation');
    fx.settle('resendValidation', 'error', { code: 'request.rate_limited', retryAfterSeconds: 300 });
    await flush();
    expect(actor.getSnapshot().context.resendAllowedAt).toBe(now + 300_000);
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(registrationMachine).sort());
    expect(executed).toBe(unique.length);
    expect(unique.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'account --registration.createAccount--> creatingAccount',
        'creatingAccount --xstate.done.actor.createAccount--> awaitingValidation',
        'awaitingValidation --registration.validated--> phone',
        'phone --registration.skipPhone--> skippingPhone',
        'checkingCode --xstate.done.actor.confirmPhone--> profile',
        'advancingFromProfile --xstate.error.actor.nextStep--> profile',
        'finishing --xstate.done.actor.finish--> done',
      ]),
    );
  });
});
