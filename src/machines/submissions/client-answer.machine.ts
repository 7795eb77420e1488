import { ClientAnswerSchema } from '../../../contract/submissions';
import { type FormOptions, type FormValues, formMachine } from '../shared/form.machine';

/** The answer's fields as the form holds them: which answer (empty until a button is pressed) and the comment. */
const DEFAULTS: FormValues = { answer: '', comment: '' };

/** An empty comment is none. */
const options: FormOptions = {
  prepare: (data) => ({
    ...data,
    comment: String(data.comment ?? '').trim() === '' ? undefined : data.comment,
  }),
};

/**
 * A company's answer to a candidate sent to it (issue 21 point 5): "interested" or "not interested"
 * with an optional comment, checked with the contract's schema; the call is the provider's.
 */
export const clientAnswerForm = formMachine('clientAnswer', ClientAnswerSchema, DEFAULTS, options);
