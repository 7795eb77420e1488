import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { FormActor, FormValue } from '../../machines/shared/form.machine';
import { fieldMessage } from './error-message';

/**
 * A form machine (src/machines/shared/form.machine.ts) as a screen shows it: its snapshot, each
 * field's props for TextField (value, change event, translated first error) and the submit handler.
 */
export function useFormFields(form: FormActor) {
  const { i18n } = useLingui();
  const snapshot = useSelector(form, (s) => s);
  return {
    snapshot,
    field: (name: string) => {
      const value = snapshot.context.values[name];
      return {
        name,
        value: typeof value === 'string' ? value : '',
        onChange: (value: string) => form.send({ type: 'form.change', name, value }),
        errorMessage: fieldMessage(i18n, snapshot.context.fieldErrors[name]?.[0]),
      };
    },
    /** The translated first code of a field, or of a part of the request no single field shows. */
    error: (name: string) => fieldMessage(i18n, snapshot.context.fieldErrors[name]?.[0]),
    /** A field set by a choice (radio, select, checkboxes) rather than typed. */
    choose: (name: string, value: FormValue) => form.send({ type: 'form.change', name, value }),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      form.send({ type: 'form.submit' });
    },
  };
}
