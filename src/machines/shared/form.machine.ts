import type * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorCodeOf, fieldCodesOf } from '../../../contract/errors';
import { formErrors } from '../../../contract/form-errors';
import { explainedByFields } from './error-context';

/** One field's value: what was typed or chosen, or the ticked options of a group of checkboxes. */
export type FormValue = string | string[];
/** What the user typed, by field name. */
export type FormValues = Record<string, FormValue>;

export interface FormContext {
  values: FormValues;
  /** What the form sends besides the typed fields (a record's version, a link's token), from the input. */
  fixed: Record<string, unknown>;
  /** The values the form started with; a form that clears on success returns to them. */
  initial: FormValues;
  /** The schema's output for the call under way (or the last one). */
  payload: unknown;
  /** Codes per field, the form's own check or the server's 400 (translated by the UI). */
  fieldErrors: Record<string, string[]>;
  /** The reason a call failed, unless the field codes say it all (translated by the UI). */
  error: string | null;
}

export type FormEvent =
  | { type: 'form.change'; name: string; value: FormValue }
  | { type: 'form.submit' }
  /** The record behind the form changed (a save, or someone else's): its values and fixed ones replace the form's. */
  | { type: 'form.load'; values: FormValues; fixed?: Record<string, unknown> };

export interface FormInput {
  values?: FormValues;
  fixed?: Record<string, unknown>;
}

export interface FormOptions {
  /** Turns the typed values (with the fixed ones) into the schema's input, e.g. an empty phone into null. */
  prepare?: (data: Record<string, unknown>) => unknown;
  /** After a success the fields return to their first values (passwords are not left on screen). */
  clearOnDone?: boolean;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * A form of one call (login, change password, delete account, password reset, the agent's details,
 * the registration's account, the phone setup's number and code): the fields, checked with the
 * contract's schema on submit, the call as the `submit` actor the feature provides (input: the
 * schema's output), the server's field codes mapped back onto the fields. The one form technique of
 * the client (docs/decisions/0033-one-form-technique.md): where a flow machine owns the call (the
 * session's login, a registration step, the phone setup), the call hands the output to it
 * (./form-hand-off.ts). editing → submitting → done, or back to editing with the reasons.
 */
export function formMachine<Output>(
  id: string,
  schema: v.GenericSchema<unknown, Output>,
  defaults: FormValues,
  options: FormOptions = {},
) {
  const prepare = options.prepare ?? ((data) => data);
  const check = (context: FormContext) =>
    formErrors(schema, prepare({ ...context.fixed, ...context.values }));
  const submit = [
    { guard: 'isValid', target: 'submitting', actions: ['clearErrors', 'takePayload'] },
    { target: 'editing', actions: 'showErrors' },
  ] as const;
  const machine = setup({
    types: {
      context: {} as FormContext,
      events: {} as FormEvent,
      input: {} as FormInput,
      tags: {} as 'busy',
    },
    actors: {
      submit: fromPromise<unknown, unknown>(async () => {
        throw new Error(`${id}: submit is provided by the app`);
      }),
    },
    actions: {
      change: assign(({ context, event }) => {
        assertEvent(event, 'form.change');
        const { [event.name]: _fixed, ...fieldErrors } = context.fieldErrors;
        return { values: { ...context.values, [event.name]: event.value }, fieldErrors };
      }),
      showErrors: assign(({ context }) => {
        const result = check(context);
        return { fieldErrors: result.ok ? {} : result.fields, error: null };
      }),
      takePayload: assign(({ context }) => {
        const result = check(context);
        return { payload: result.ok ? result.output : null };
      }),
      clearErrors: assign({ fieldErrors: {}, error: null }),
      takeServerErrors: assign(({ context }, error: unknown) => {
        const fields = fieldCodesOf(error);
        const code = errorCodeOf(error);
        // "Please check the highlighted fields" says nothing the highlighted fields do not; nor does a
        // code a shown field carries itself (it would stand twice, above the form and at the field).
        const explained = explainedByFields(code, fields, (k) => k in context.values);
        return { fieldErrors: fields, error: explained ? null : code };
      }),
      resetValues: assign(({ context }) => ({ values: { ...context.initial } })),
      // The reason of a failed call stays: a conflict's message tells the user to enter the change again.
      load: assign(({ event }) => {
        assertEvent(event, 'form.load');
        const values = { ...defaults, ...event.values };
        return { values, initial: values, fixed: event.fixed ?? {}, fieldErrors: {} };
      }),
    },
    guards: {
      isValid: ({ context }) => check(context).ok,
    },
  }).createMachine({
    id,
    context: ({ input }) => {
      const values = { ...defaults, ...input.values };
      return {
        values,
        initial: values,
        fixed: input.fixed ?? {},
        payload: null,
        fieldErrors: {},
        error: null,
      };
    },
    initial: 'editing',
    on: { 'form.load': { actions: 'load' } },
    states: {
      editing: {
        on: { 'form.change': { actions: 'change' }, 'form.submit': submit },
      },
      submitting: {
        tags: ['busy'],
        // Typing goes on while the call runs; the call sends what was submitted.
        on: { 'form.change': { actions: 'change' } },
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }: { context: FormContext }) => context.payload,
          onDone: { target: 'done', actions: options.clearOnDone ? ('resetValues' as const) : [] },
          onError: { target: 'editing', actions: { type: 'takeServerErrors', params: errorOf } },
        },
      },
      done: {
        on: { 'form.change': { target: 'editing', actions: 'change' }, 'form.submit': submit },
      },
    },
  });
  return {
    machine,
    /** The machine with its call: `input` is what the schema made of the fields. */
    withCall: (call: (input: Output) => Promise<unknown>) =>
      machine.provide({
        // The payload is the schema's output (takePayload); xstate's types cannot follow a generic schema.
        actors: { submit: fromPromise(({ input }: { input: unknown }) => call(input as Output)) },
      }),
  };
}

export type FormMachine = ReturnType<typeof formMachine>['machine'];
export type FormActor = ActorRefFrom<FormMachine>;
export type FormSnapshot = SnapshotFrom<FormMachine>;
