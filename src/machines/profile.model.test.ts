import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { FieldDefinition } from '../../contract/catalog';
import type { ProfileResponse } from '../../contract/profile';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { profileMachine, SaveConflict, SaveRejected } from './profile.machine';

const label = (en: string) => ({ de: en, en });
const fields: FieldDefinition[] = [
  {
    key: 'first_name',
    type: 'text',
    label: label('First name'),
    tab: 'personal',
    required: true,
    for: ['stella'],
  },
  {
    key: 'skills',
    type: 'multiselect',
    label: label('Skills'),
    tab: 'qualification',
    required: false,
    for: ['stella'],
    options: [{ value: 'sql', label: label('SQL') }],
  },
];
const profile = (version: number, values: Record<string, unknown>): ProfileResponse => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  type: 'stella',
  values,
  image: null,
  status: 'active',
  completeness: values.first_name ? 100 : 0,
  missing: values.first_name ? [] : ['first_name'],
  version,
});
const mine = profile(1, { first_name: 'Ada' });
const saved = profile(2, { first_name: 'Grace' });
const theirs = profile(3, { first_name: 'Hedy', skills: ['sql'] });
const input = { scope: 'profile' as const, userType: 'stella', fields, hasFinishedRegistration: true };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as never;

const model = machineModel(profileMachine, {
  input,
  events: [
    done('loadProfile', mine),
    failed('loadProfile', { code: 'network.unreachable' }),
    { type: 'profile.change', key: 'first_name', value: 'Grace' },
    { type: 'profile.change', key: 'first_name', value: 'Ada' },
    { type: 'profile.change', key: 'first_name', value: '' },
    { type: 'profile.tab', tab: 'qualification' },
    { type: 'profile.save' },
    { type: 'profile.rollback' },
    { type: 'profile.reload' },
    { type: 'profile.keepMine' },
    { type: 'profile.takeTheirs' },
    done('saveProfile', saved),
    failed('saveProfile', new SaveConflict(theirs)),
    failed('saveProfile', new SaveRejected({ first_name: ['field.too_long'] })),
    failed('saveProfile', { code: 'server.internal' }),
    { type: 'profile.setStatus', status: 'inactive' },
    done('setStatus', 'inactive'),
    failed('setStatus', { code: 'server.internal' }),
    { type: 'profile.photoChanged', image: '/api/profile/photo/abc.jpg' },
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('profile machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `profile model: ${visited.size} of ${stateNodePaths(profileMachine).length} states visited, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const fx = deferredActors(['loadProfile', 'saveProfile', 'setStatus'] as const);
    const actor = createActor(profileMachine.provide({ actors: fx.actors }), {
      input,
      inspect: recordVisits(visited),
    });
    actor.start();
    for (const { event, expected } of path.steps) {
      const e = event as EventObject & { output?: unknown; error?: unknown };
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (settled) {
        const id = settled[2] as 'loadProfile' | 'saveProfile' | 'setStatus';
        fx.settle(id, settled[1] === 'done' ? 'done' : 'error', settled[1] === 'done' ? e.output : e.error);
      } else {
        actor.send(event);
      }
      await flush();
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw snapshot.error;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.form).toEqual(expected.context.form);
      const c = snapshot.context;
      if (snapshot.matches({ editing: 'clean' })) expect(c.hasFormChanged).toBe(false);
      if (snapshot.matches({ editing: 'dirty' })) expect(c.hasFormChanged).toBe(true);
      if (snapshot.matches('saved')) expect(c.rollback).toEqual(c.form);
      if (snapshot.matches('invalid')) expect(Object.keys(c.formErrors)).not.toHaveLength(0);
      if (snapshot.matches('conflict')) expect(c.theirs).toEqual(theirs);
      if (snapshot.matches('loadFailed') || snapshot.matches('failed'))
        expect(c.error).toEqual(expect.any(String));
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(profileMachine).sort());
    expect(executed).toBe(paths.length);
    expect(paths.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'loading --xstate.error.actor.loadProfile--> loadFailed',
        'loadFailed --profile.reload--> loading',
        '{"editing":"clean"} --profile.change--> {"editing":"dirty"}',
        '{"editing":"dirty"} --profile.change--> {"editing":"clean"}',
        '{"editing":"dirty"} --profile.rollback--> {"editing":"clean"}',
        '{"editing":"dirty"} --profile.save--> saving',
        '{"editing":"dirty"} --profile.save--> invalid',
        'saving --xstate.done.actor.saveProfile--> saved',
        'saving --xstate.error.actor.saveProfile--> conflict',
        'saving --xstate.error.actor.saveProfile--> invalid',
        'saving --xstate.error.actor.saveProfile--> failed',
        'conflict --profile.keepMine--> saving',
        'conflict --profile.takeTheirs--> {"editing":"clean"}',
        '{"editing":"clean"} --profile.setStatus--> changingStatus',
        'changingStatus --xstate.done.actor.setStatus--> {"editing":"clean"}',
        'changingStatus --xstate.error.actor.setStatus--> {"editing":"clean"}',
        '{"editing":"dirty"} --profile.photoChanged--> {"editing":"dirty"}',
      ]),
    );
  });

  it('keeps mine by saving my form with their version, and takes theirs by loading their values', async () => {
    const fx = deferredActors(['loadProfile', 'saveProfile', 'setStatus'] as const);
    const actor = createActor(profileMachine.provide({ actors: fx.actors }), { input }).start();
    fx.settle('loadProfile', 'done', mine);
    await flush();
    actor.send({ type: 'profile.change', key: 'first_name', value: 'Grace' });
    actor.send({ type: 'profile.save' });
    expect(fx.calls.at(-1)?.input).toEqual({ scope: 'profile', values: { first_name: 'Grace' }, version: 1 });
    fx.settle('saveProfile', 'error', new SaveConflict(theirs));
    await flush();
    actor.send({ type: 'profile.keepMine' });
    expect(fx.calls.at(-1)?.input).toEqual({ scope: 'profile', values: { first_name: 'Grace' }, version: 3 });
  });

  it('takes the status the server answers, not the one it had (takeStatus keeps the new status)', async () => {
    const fx = deferredActors(['loadProfile', 'saveProfile', 'setStatus'] as const);
    const actor = createActor(profileMachine.provide({ actors: fx.actors }), { input }).start();
    fx.settle('loadProfile', 'done', mine);
    await flush();
    expect(actor.getSnapshot().context.profile?.status).toBe('active');
    actor.send({ type: 'profile.setStatus', status: 'inactive' });
    expect(fx.calls.at(-1)).toEqual({ id: 'setStatus', input: { status: 'inactive' } });
    fx.settle('setStatus', 'done', 'inactive');
    await flush();
    expect(actor.getSnapshot().value).toEqual({ editing: 'clean' });
    expect(actor.getSnapshot().context.profile?.status).toBe('inactive');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
