import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flush } from '../../../tests/support/deferred-actors';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import {
  lazyModule,
  machineTransitions,
  recordVisits,
  replayPath,
  tablePaths,
} from '../../../tests/support/model';
import type * as FormModule from './form.machine';

// The form machine itself, on a form of one required name: once clearing on success, once keeping
// the values. The account and agent forms replay the same table with their own specs.

const machines = lazyModule<typeof FormModule>(() => import('./form.machine'));
const NameSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required')) });
const make = (clearOnDone: boolean) =>
  machines.get().formMachine('form', NameSchema, { name: '' }, { clearOnDone }).machine;

const base: Omit<FormSpec, 'afterDone'> = {
  input: { fixed: { version: 7 } },
  initial: { name: '' },
  filled: { name: ' Ada ' },
  initialErrors: { name: ['field.required'] },
  // Fixed values go into the check; the schema's object keeps only its own keys.
  payload: { name: 'Ada' },
  rejected: {
    thrown: { code: 'request.invalid', fields: { name: ['field.too_long'] } },
    fieldErrors: { name: ['field.too_long'] },
  },
  failed: { thrown: new TypeError('Failed to fetch'), error: 'network.unreachable' },
  load: { values: { name: 'Grace' }, fixed: { version: 8 }, shown: { name: 'Grace' } },
};
const variants = {
  'clears on success': { clearOnDone: true, spec: { ...base, afterDone: { name: '' } } },
  'keeps the values': { clearOnDone: false, spec: { ...base, afterDone: { name: ' Ada ' } } },
};
const taken = new Set<string>();

describe.each(Object.entries(variants))('form machine that %s, against the form table', (_, variant) => {
  const table = formTable(variant.spec);
  const paths = tablePaths(table);
  beforeAll(machines.load);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(
      table,
      path,
      () => formDriver(make(variant.clearOnDone), variant.spec, recordVisits(new Set(), taken)),
      (actual, expected, what) => expect(actual, what).toEqual(expected),
    );
  });
});

describe('form machine', () => {
  beforeAll(machines.load);
  afterAll(() => {
    const all = machineTransitions(make(true));
    process.stdout.write(
      `form model: ${all.filter((t) => taken.has(t)).length}/${all.length} machine transitions taken\n`,
    );
  });

  it('says what a refusal means: a 400 about fields is shown at the fields, any other code on the form', async () => {
    const cases = [
      [{ code: 'request.invalid', fields: { name: ['field.too_long'] } }, null],
      // Codes for fields the form does not show: the form says something is wrong.
      [{ code: 'request.invalid', fields: { token: ['reset.invalid_token'] } }, 'request.invalid'],
      [{ code: 'auth.forbidden', fields: { name: ['x.y'] } }, 'auth.forbidden'],
    ] as const;
    for (const [thrown, error] of cases) {
      const driver = formDriver(make(false), {
        ...base,
        afterDone: base.filled,
        rejected: { thrown, fieldErrors: {} },
      });
      await driver.send('fill');
      await driver.send('submit');
      await driver.send('rejected');
      expect((driver.snapshot().context as { error: unknown }).error, JSON.stringify(thrown)).toBe(error);
    }
  });

  it('needs the app to provide the call: the stand-in fails', async () => {
    const actor = createActor(make(false), { input: { values: { name: 'Ada' } } }).start();
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('network.unreachable');
  });

  it('took every transition the machine defines', () => {
    expect(machineTransitions(make(true)).filter((t) => !taken.has(t))).toEqual([]);
  });
});
