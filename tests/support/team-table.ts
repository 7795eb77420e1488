import type { ReassignResult } from '../../contract/team';
import type { ModelTable } from './model';

// The team machine's specification (replayed by src/machines/agents/team.model.test.ts), written apart
// from the machine. `idle#reported`: the last change succeeded and is reported; `idle#failed`: it was
// refused and the reason is shown.

/** What the server answers when Nora's records go to Alex. */
export const MOVED: ReassignResult = { candidates: 3, companies: 1, jobs: 2 };
export const NORA = 'a-nora';
export const ALEX = 'a-alex';
/** The server refuses: Nora still looks after records and nobody was named to take them. */
export const HAS_RECORDS = 'agent.has_records';

export const EVENTS = [
  'reassign',
  'reassignToSelf',
  'deactivate',
  'deactivateAlone',
  'dismiss',
  'reassign.done',
  'reassign.error',
  'deactivate.done',
  'deactivate.error',
] as const;

const reassigning = {
  target: 'reassigning',
  tags: ['busy'],
  context: { done: null, error: null },
  invoked: [{ src: 'reassign', input: { from: NORA, to: ALEX } }],
};
const deactivating = {
  target: 'deactivating',
  tags: ['busy'],
  context: { done: null, error: null },
  invoked: [{ src: 'deactivate', input: { agent: NORA, reassignTo: ALEX } }],
};
const deactivatingAlone = {
  ...deactivating,
  invoked: [{ src: 'deactivate', input: { agent: NORA, reassignTo: null } }],
};
/** In every idle state: start a change; moving records to the agent who has them is no change. */
const idleRows = (context: Record<string, unknown>) => ({
  reassign: reassigning,
  reassignToSelf: { target: 'idle', tags: [], context },
  deactivate: deactivating,
  deactivateAlone: deactivatingAlone,
  dismiss: { target: 'idle', tags: [], context: { done: null, error: null } },
});

export const TEAM_TABLE: ModelTable = {
  initial: 'idle',
  initialContext: { done: null, error: null },
  initialTags: [],
  events: EVENTS,
  rules: { '*': 'issue 42: the senior agent reassigns and deactivates agents' },
  states: {
    idle: idleRows({ done: null, error: null }),
    'idle#reported': idleRows({ error: null }),
    'idle#failed': idleRows({ done: null, error: HAS_RECORDS }),
    reassigning: {
      'reassign.done': {
        target: 'idle#reported',
        tags: [],
        context: { done: { kind: 'reassigned', moved: MOVED }, error: null },
        invoked: [{ src: 'teamChanged', input: null }],
      },
      'reassign.error': { target: 'idle#failed', tags: [], context: { done: null, error: HAS_RECORDS } },
    },
    deactivating: {
      'deactivate.done': {
        target: 'idle#reported',
        tags: [],
        context: { done: { kind: 'deactivated' }, error: null },
        invoked: [{ src: 'teamChanged', input: null }],
      },
      'deactivate.error': { target: 'idle#failed', tags: [], context: { done: null, error: HAS_RECORDS } },
    },
  },
};
