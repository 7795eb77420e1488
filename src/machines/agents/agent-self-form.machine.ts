import { AgentSelfUpdateSchema } from '../../../contract/agent';
import { formMachine } from '../shared/form.machine';

/**
 * /agent: the agent's own name and phone (input values from the record, fixed `version`). An empty
 * phone is sent as null: the number is optional.
 */
export const agentSelfForm = formMachine(
  'agentSelf',
  AgentSelfUpdateSchema,
  { first_name: '', last_name: '', phone: '' },
  { prepare: (data) => ({ ...data, phone: String(data.phone ?? '').trim() === '' ? null : data.phone }) },
);
