import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { FormActor } from '../../machines/shared/form.machine';
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
      return {
        name,
        value: snapshot.context.values[name] ?? '',
        onChange: (value: string) => form.send({ type: 'form.change', name, value }),
        errorMessage: fieldMessage(i18n, snapshot.context.fieldErrors[name]?.[0]),
      };
    },
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      form.send({ type: 'form.submit' });
    },
  };
}
