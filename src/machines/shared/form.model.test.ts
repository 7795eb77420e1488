import * as v from 'valibot';
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flush } from '../../../tests/support/deferred-actors';
import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as FormModule from './form.machine';

// The form machine itself, on a form of one required name: once clearing on success, once keeping
// the values. The account and agent forms replay the same table with their own specs.

const NameSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required')) });
const make = (m: typeof FormModule, clearOnDone: boolean) =>
  m.formMachine('form', NameSchema, { name: '' }, { clearOnDone }).machine;

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
/** The machine the coverage is counted on, made once (the recorder asks for it at every step). */
const made = new WeakMap<typeof FormModule, ReturnType<typeof make>>();
const recorded = (m: typeof FormModule) => made.get(m) ?? made.set(m, make(m, true)).get(m)!;
const clears: FormSpec = { ...base, afterDone: { name: '' } };
const keeps: FormSpec = { ...base, afterDone: { name: ' Ada ' } };

describeModelTable<typeof FormModule>({
  name: 'form',
  load: () => import('./form.machine'),
  // Both variants have the id `form`: their states and transitions are recorded together.
  machines: (m) => [recorded(m)],
  tables: [
    {
      name: 'clears on success',
      table: formTable(clears),
      start: (m, i) => formDriver(make(m, true), clears, i),
    },
    {
      name: 'keeps the values',
      table: formTable(keeps),
      start: (m, i) => formDriver(make(m, false), keeps, i),
    },
  ],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module) => {
    it('says what a refusal means once: at the fields when they say it, any other code on the form', async () => {
      const cases = [
        [{ code: 'request.invalid', fields: { name: ['field.too_long'] } }, null],
        // One field shown is enough for the form to point at it.
        [{ code: 'request.invalid', fields: { name: ['field.too_long'], token: ['x.y'] } }, null],
        // Codes for fields the form does not show: the form says something is wrong.
        [{ code: 'request.invalid', fields: { token: ['reset.invalid_token'] } }, 'request.invalid'],
        [{ code: 'auth.forbidden', fields: { name: ['x.y'] } }, 'auth.forbidden'],
        // A code the shown field carries itself stands there once, not above the form too.
        [{ code: 'password.weak', fields: { name: ['password.weak'] } }, null],
        [{ code: 'password.weak', fields: { token: ['password.weak'] } }, 'password.weak'],
      ] as const;
      for (const [thrown, error] of cases) {
        const driver = formDriver(make(module(), false), {
          ...base,
          afterDone: base.filled,
          rejected: { thrown, fieldErrors: {} },
        });
        await driver.send('fill');
        await driver.send('submit');
        await driver.send('rejected');
        const context = driver.snapshot().context as { error: unknown; fieldErrors: unknown };
        expect(context.error, JSON.stringify(thrown)).toBe(error);
        expect(context.fieldErrors, JSON.stringify(thrown)).toEqual(thrown.fields);
      }
    });

    it('sends the fixed values of its input with the typed ones, through the schema', async () => {
      const WithVersion = v.object({ name: v.pipe(v.string(), v.trim()), version: v.number() });
      const machine = module().formMachine('form', WithVersion, { name: '' }).machine;
      const driver = formDriver(machine, { ...keeps, payload: { name: 'Ada', version: 7 } });
      expect((driver.snapshot().context as { fixed: unknown }).fixed).toEqual({ version: 7 });
      await driver.send('fill');
      await driver.send('submit');
      expect(driver.calls()).toEqual([{ src: 'submit', input: { name: 'Ada', version: 7 } }]);
    });

    it('starts with no fixed values when its input has none', () => {
      const actor = createActor(make(module(), false), { input: {} }).start();
      expect(actor.getSnapshot().context.fixed).toEqual({});
      expect(actor.getSnapshot().context.values).toEqual({ name: '' });
    });

    it('withCall gives the call what the schema made of the fields, and its answer ends the form', async () => {
      const received: unknown[] = [];
      const form = module().formMachine('form', NameSchema, { name: '' });
      const actor = createActor(
        form.withCall(async (input) => {
          received.push(input);
        }),
        { input: { values: { name: ' Ada ' }, fixed: { version: 7 } } },
      ).start();
      actor.send({ type: 'form.submit' });
      await flush();
      expect(received).toEqual([{ name: 'Ada' }]);
      expect(actor.getSnapshot().value).toBe('done');
    });

    it('names itself when the app left it without its call', async () => {
      expect(await standInOutcomes(make(module(), false), ['submit'])).toEqual({
        submit: 'Error: form: submit is provided by the app',
      });
    });

    it('needs the app to provide the call: the stand-in fails', async () => {
      const actor = createActor(make(module(), false), { input: { values: { name: 'Ada' } } }).start();
      actor.send({ type: 'form.submit' });
      await flush();
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    });
  },
});
