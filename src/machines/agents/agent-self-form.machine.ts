import { type AgentSelf, AgentSelfUpdateSchema } from '../../../contract/agent';
import { type FormInput, formMachine } from '../shared/form.machine';

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

/** The form's start: the record's name and phone, and the version a save must name. */
export function agentSelfFormInput(agent: AgentSelf): Required<FormInput> {
  return {
    values: {
      first_name: agent.first_name ?? '',
      last_name: agent.last_name ?? '',
      phone: agent.phone ?? '',
    },
    fixed: { version: agent.version },
  };
}
