import type { ReassignResult } from '../../contract/team';
import type { ModelTable } from './model';

// The team machine's specification (replayed by src/machines/agents/team.model.test.ts), written apart
// from the machine. `idle#reported`: the last change succeeded and is reported; `idle#failed`: it was
// refused and the reason is shown. A deactivation is asked first: `confirming#taker` (Alex takes Nora's
// records), `confirming#alone` (Nora looks after nothing) and `confirming#unchosen` (Nora looks after
// records and nobody was chosen: the server would refuse, so the question cannot be confirmed).

/** What the server answers when Nora's records go to Alex. */
export const MOVED: ReassignResult = { candidates: 3, companies: 1, jobs: 2 };
export const NORA = 'a-nora';
export const ALEX = 'a-alex';
/** How many candidates, companies and jobs Nora looks after, as the team table shows. */
export const NORAS_RECORDS = 6;
/** The server refuses: Nora still looks after records and nobody was named to take them. */
export const HAS_RECORDS = 'agent.has_records';

export const EVENTS = [
  'reassign',
  'reassignToSelf',
  'deactivate',
  'deactivateAlone',
  'deactivateUnchosen',
  'confirm',
  'cancel',
  'reactivate',
  'dismiss',
  'reassign.done',
  'reassign.error',
  'deactivate.done',
  'deactivate.error',
  'reactivate.done',
  'reactivate.error',
] as const;

const quiet = { done: null, error: null, confirming: null };
const reassigning = {
  target: 'reassigning',
  tags: ['busy'],
  context: quiet,
  invoked: [{ src: 'reassign', input: { from: NORA, to: ALEX } }],
};
const reactivating = {
  target: 'reactivating',
  tags: ['busy'],
  context: quiet,
  invoked: [{ src: 'reactivate', input: { agent: NORA } }],
};
/** Asking: nothing is sent yet, the last report is gone. */
const asking = (target: string, reassignTo: string | null, records: number) => ({
  target,
  tags: [],
  context: { done: null, error: null, confirming: { agent: NORA, reassignTo, records } },
});
/** In every idle state: start a change; moving records to the agent who has them is no change. */
const idleRows = (context: Record<string, unknown>) => ({
  reassign: reassigning,
  reassignToSelf: { target: 'idle', tags: [], context },
  deactivate: asking('confirming#taker', ALEX, NORAS_RECORDS),
  deactivateAlone: asking('confirming#alone', null, 0),
  deactivateUnchosen: asking('confirming#unchosen', null, NORAS_RECORDS),
  reactivate: reactivating,
  dismiss: { target: 'idle', tags: [], context: quiet },
});
const cancel = {
  target: 'idle',
  tags: [],
  context: quiet,
  rule: 'issue 42: a deactivation is confirmed first',
};
/** Confirmed: the deactivation is sent, the question stays on screen until the answer. */
const confirmed = (reassignTo: string | null, records: number) => ({
  target: 'deactivating',
  tags: ['busy'],
  context: { confirming: { agent: NORA, reassignTo, records } },
  invoked: [{ src: 'deactivate', input: { agent: NORA, reassignTo } }],
  rule: 'issue 42: a deactivation is confirmed first',
});
const failed = {
  target: 'idle#failed',
  tags: [],
  context: { done: null, error: HAS_RECORDS, confirming: null },
};

export const TEAM_TABLE: ModelTable = {
  initial: 'idle',
  initialContext: quiet,
  initialTags: [],
  events: EVENTS,
  rules: { '*': 'issue 42: the senior agent reassigns, deactivates and reactivates agents' },
  states: {
    idle: idleRows(quiet),
    'idle#reported': idleRows({ error: null, confirming: null }),
    'idle#failed': idleRows({ done: null, error: HAS_RECORDS, confirming: null }),
    'confirming#taker': { confirm: confirmed(ALEX, NORAS_RECORDS), cancel },
    'confirming#alone': { confirm: confirmed(null, 0), cancel },
    // Confirming is refused: the dialog says who must be chosen first.
    'confirming#unchosen': { cancel },
    reassigning: {
      'reassign.done': {
        target: 'idle#reported',
        tags: [],
        context: { done: { kind: 'reassigned', moved: MOVED }, error: null },
        invoked: [{ src: 'teamChanged', input: null }],
      },
      'reassign.error': failed,
    },
    deactivating: {
      'deactivate.done': {
        target: 'idle#reported',
        tags: [],
        context: { done: { kind: 'deactivated' }, error: null, confirming: null },
        invoked: [{ src: 'teamChanged', input: null }],
      },
      'deactivate.error': failed,
    },
    reactivating: {
      'reactivate.done': {
        target: 'idle#reported',
        tags: [],
        context: { done: { kind: 'reactivated' }, error: null, confirming: null },
        invoked: [{ src: 'teamChanged', input: null }],
      },
      'reactivate.error': failed,
    },
  },
};
