import { AgentCreateSchema } from '../../../contract/team';
import { formMachine } from '../shared/form.machine';

/**
 * /agent/view, senior agents: a new agent's name, e-mail and role. The fields empty again after a
 * success, ready for the next one; the agent is mailed a link to choose a password.
 */
export const agentCreateForm = formMachine(
  'agentCreate',
  AgentCreateSchema,
  { first_name: '', last_name: '', email: '', role: 'agent' },
  { clearOnDone: true },
);
