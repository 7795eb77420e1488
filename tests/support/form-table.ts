import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FormInput, FormMachine, FormValues } from '../../src/machines/shared/form.machine';
import { deferredActors, flush } from './deferred-actors';
import {
  describeModelTable,
  type Expectation,
  type ModelDriver,
  type ModelTable,
  type recordVisits,
  snapshotOf,
} from './model';
import { standInOutcomes } from './stand-ins';

/**
 * What one form must do, written by hand for each form (account-forms.model.test.ts,
 * agent-self-form.model.test.ts): the values it starts with and those the user types, the codes an
 * untouched form shows on submit, what the call receives, and how the server's refusals show.
 */
export interface FormSpec {
  input: FormInput;
  /** The fields as the form starts (the input's values over the form's defaults). */
  initial: FormValues;
  /** What `fill` types, field by field: a form the schema accepts. */
  filled: FormValues;
  /** The codes `submit` shows for the initial values. */
  initialErrors: Record<string, string[]>;
  /** What the call receives for the filled values (the schema's output, fixed values included). */
  payload: unknown;
  /** The fields after a success: the initial values where the form clears, else the filled ones. */
  afterDone: FormValues;
  /** A 400 with field codes: thrown by the call, and the field codes shown. */
  rejected: { thrown: unknown; fieldErrors: Record<string, string[]> };
  /** A refusal without field codes: thrown by the call, and the form's reason shown. */
  failed: { thrown: unknown; error: string };
  /** The record behind the form changed (`form.load`): what is sent, and the fields then. */
  load: { values: FormValues; fixed?: Record<string, unknown>; shown: FormValues };
}

const none = { fieldErrors: {}, error: null };

/**
 * The table every form follows (STYLE.md "Tests"), filled in from one form's spec. Events: `fill`
 * types the filled values, `clear` types the initial ones back, `submit`; `succeeded`, `rejected`,
 * `failed` are the call's answers. Labels name the same machine state with other context:
 * `#invalid` (the form's own codes shown), `#filled`, `#rejected` (the server's field codes),
 * `#failed` (the server's reason), `#failedCleared` (the reason still shown over emptied fields),
 * `submitting#cleared` (fields emptied while the call runs: the call keeps what was submitted);
 * `load` (the record behind the form changed) leads to `#loaded` labels.
 */
export function formTable(spec: FormSpec): ModelTable {
  const editing: Expectation = { target: 'editing', context: { values: spec.initial, ...none }, tags: [] };
  const invalid: Expectation = {
    target: 'editing#invalid',
    context: { values: spec.initial, fieldErrors: spec.initialErrors, error: null },
    tags: [],
  };
  const filled: Expectation = {
    target: 'editing#filled',
    context: { values: spec.filled, ...none },
    tags: [],
  };
  const submitting: Expectation = {
    target: 'submitting',
    context: { values: spec.filled, payload: spec.payload, ...none },
    invoked: [{ src: 'submit', input: spec.payload }],
    tags: ['busy'],
  };
  const failed: Expectation = {
    target: 'editing#failed',
    context: { values: spec.filled, fieldErrors: {}, error: spec.failed.error },
    tags: [],
  };
  const failedCleared: Expectation = {
    target: 'editing#failedCleared',
    context: { values: spec.initial, fieldErrors: {}, error: spec.failed.error },
    tags: [],
  };
  // A new record replaces the fields and drops their codes; a failed call's reason stays.
  const loaded = (target: string, error: string | null, tags: string[] = []): Expectation => ({
    target,
    context: {
      values: spec.load.shown,
      initial: spec.load.shown,
      fixed: spec.load.fixed ?? {},
      fieldErrors: {},
      error,
    },
    tags,
  });
  const editingLoaded = loaded('editing#loaded', null);
  const failedLoaded = loaded('editing#failedLoaded', spec.failed.error);
  const doneIsFilled = JSON.stringify(spec.afterDone) === JSON.stringify(spec.filled);
  return {
    rules: { '*': 'PRODUCT §4 forms' },
    initial: 'editing',
    initialContext: { values: spec.initial, ...none },
    initialTags: [],
    events: ['fill', 'clear', 'submit', 'succeeded', 'rejected', 'failed', 'load'],
    states: {
      editing: { fill: filled, clear: editing, submit: invalid, load: editingLoaded },
      // Typing into a field drops that field's codes; submitting again shows them anew.
      'editing#invalid': { fill: filled, clear: editing, submit: invalid, load: editingLoaded },
      'editing#filled': { fill: filled, clear: editing, submit: submitting, load: editingLoaded },
      submitting: {
        // Typing goes on while the call runs, and starts no second call.
        fill: { ...submitting, invoked: [] },
        clear: {
          target: 'submitting#cleared',
          context: { values: spec.initial, payload: spec.payload },
          tags: ['busy'],
        },
        succeeded: { target: 'done', context: { values: spec.afterDone, ...none }, tags: [] },
        rejected: {
          target: 'editing#rejected',
          context: { values: spec.filled, fieldErrors: spec.rejected.fieldErrors, error: null },
          tags: [],
        },
        failed,
        // The call goes on with what was submitted.
        load: loaded('submitting#loaded', null, ['busy']),
      },
      'submitting#cleared': {},
      'submitting#loaded': {},
      // Typing after a success leaves it behind; submitting again checks and sends again.
      done: {
        fill: filled,
        clear: editing,
        submit: doneIsFilled ? submitting : invalid,
        // The saved record coming back keeps the success shown.
        load: loaded('done#loaded', null),
      },
      'done#loaded': {},
      'editing#rejected': { fill: filled, clear: editing, submit: submitting, load: editingLoaded },
      // The server's reason stays until the next submit, whatever is typed.
      'editing#failed': { fill: failed, clear: failedCleared, submit: submitting, load: failedLoaded },
      'editing#failedCleared': { fill: failed, clear: failedCleared, submit: invalid, load: failedLoaded },
      'editing#loaded': {},
      'editing#failedLoaded': {},
    },
  };
}

/** A form machine under the table's events, its call deferred until `succeeded` / `rejected` / `failed`. */
export function formDriver(
  machine: FormMachine,
  spec: FormSpec,
  inspect?: ReturnType<typeof recordVisits>,
): ModelDriver {
  const fx = deferredActors(['submit'] as const);
  const actor = createActor(machine.provide({ actors: fx.actors }), { input: spec.input, inspect }).start();
  const type = (values: FormValues) => {
    for (const [name, value] of Object.entries(values)) actor.send({ type: 'form.change', name, value });
  };
  // An answer can only come while the call runs.
  const answer = (outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().children.submit) fx.settleLatest('submit', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'fill') type(spec.filled);
      else if (event === 'clear') type(spec.initial);
      else if (event === 'submit') actor.send({ type: 'form.submit' });
      else if (event === 'succeeded') answer('done', undefined);
      else if (event === 'rejected') answer('error', spec.rejected.thrown);
      else if (event === 'failed') answer('error', spec.failed.thrown);
      else if (event === 'load')
        actor.send({ type: 'form.load', values: spec.load.values, fixed: spec.load.fixed });
      await flush();
    },
    snapshot: () => snapshotOf(actor),
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

/**
 * The model test of a module's forms (account-forms.model.test.ts, phone-forms.model.test.ts): each
 * form named in `specs` replayed against the table filled in from its spec, and failing, while the
 * app left it without its call, with an error that names it by its id (`ids`, written by hand).
 */
export function describeFormTables<Name extends string, M extends Record<Name, { machine: FormMachine }>>(
  load: () => Promise<M>,
  specs: Record<Name, FormSpec>,
  ids: Record<Name, string>,
): void {
  for (const name of Object.keys(specs) as Name[]) {
    const spec = specs[name];
    describeModelTable<M>({
      name,
      load,
      machines: (m) => [m[name].machine],
      tables: [{ table: formTable(spec), start: (m, inspect) => formDriver(m[name].machine, spec, inspect) }],
      rowForEveryLeafBut: [],
      more: (module) => {
        it('names itself when the app left it without its call', async () => {
          expect(await standInOutcomes(module()[name].machine, ['submit'])).toEqual({
            submit: `Error: ${ids[name]}: submit is provided by the app`,
          });
        });
      },
    });
  }
}
