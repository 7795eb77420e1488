import { type FormSpec, formDriver, formTable } from '../../../tests/support/form-table';
import { describeModelTable } from '../../../tests/support/model';
import type * as AgentCreateForm from './agent-create-form.machine';

/**
 * A senior agent's new agent, by hand: name, e-mail typed with capitals and spaces, the role left as
 * it starts (agent). The fields empty again after a success, ready for the next agent.
 */
const spec: FormSpec = {
  input: {},
  initial: { first_name: '', last_name: '', email: '', role: 'agent' },
  filled: {
    first_name: 'Nora',
    last_name: 'Neumann',
    email: ' Nora.Neumann@matchwerk.example ',
    role: 'agent',
  },
  initialErrors: {
    first_name: ['field.required'],
    last_name: ['field.required'],
    // The contract's e-mail check reports both: nothing typed, and so no address.
    email: ['email.required', 'email.invalid'],
  },
  payload: {
    first_name: 'Nora',
    last_name: 'Neumann',
    email: 'Nora.Neumann@matchwerk.example',
    role: 'agent',
    language: 'de',
  },
  afterDone: { first_name: '', last_name: '', email: '', role: 'agent' },
  rejected: {
    thrown: { code: 'email.taken', fields: { email: ['email.taken'] } },
    fieldErrors: { email: ['email.taken'] },
  },
  // Only senior agents create agents: a plain agent's call is refused.
  failed: { thrown: { code: 'auth.forbidden' }, error: 'auth.forbidden' },
  load: {
    values: {
      first_name: 'Alex',
      last_name: 'Berger',
      email: 'alex@matchwerk.example',
      role: 'senior_agent',
    },
    shown: { first_name: 'Alex', last_name: 'Berger', email: 'alex@matchwerk.example', role: 'senior_agent' },
  },
};

describeModelTable<typeof AgentCreateForm>({
  name: 'agent-create-form',
  load: () => import('./agent-create-form.machine'),
  machines: (m) => [m.agentCreateForm.machine],
  tables: [
    { table: formTable(spec), start: (m, inspect) => formDriver(m.agentCreateForm.machine, spec, inspect) },
  ],
  rowForEveryLeafBut: [],
});
