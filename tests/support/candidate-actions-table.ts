import type { AgentRef, AssignmentResult } from '../../contract/agent';
import type {
  CandidateActionsInput,
  CandidateFacts,
} from '../../src/machines/candidates/candidate-actions.machine';
import type { ModelTable } from './model';

// The candidate-actions machine's specification (replayed by src/machines/candidates/candidate-actions.model.test.ts): hand-written tables, one per viewer and candidate it starts
// with: the expected states, context, tags and actor calls are written here, never taken from the
// machine. A state key's label (after #) names what the candidate is at that point, because the same
// machine state takes different events for a luna and a stella, an assigned and a free candidate.

const agent = (uuid: string, name: string): AgentRef => ({ uuid, name, email: `${uuid}@matchwerk.example` });
const ME = agent('me', 'Ada Agent');
const SENIOR = agent('sen', 'Sina Senior');
const KIM = agent('kim', 'Kim Kollegin');
const LEE = agent('lee', 'Lee Kollege');
export const AGENTS: Record<string, AgentRef> = { me: ME, sen: SENIOR, kim: KIM, lee: LEE };

/** User events, and what the server answers to the call in flight. */
const EVENTS = [
  'assignToMe',
  'assignToKim',
  'assignToLee',
  'unassign',
  'promote',
  'activate',
  'deactivate',
  'confirm',
  'cancel',
  'answered',
  'refused',
] as const;

const busy = ['busy'];
const assignCall = (agentUuid: string | null) => ({ src: 'assign', input: { uuid: 'c1', agent: agentUuid } });
const statusCall = (status: string) => ({ src: 'changeStatus', input: { uuid: 'c1', status } });
const changed = (result: Partial<AssignmentResult>) => ({ src: 'changed', input: { uuid: 'c1', ...result } });
export const REFUSAL = 'server.internal';
/** The candidate as an answer leaves it: in the context, and reported through `changed`. */
const after = (candidate: CandidateFacts) => ({
  candidate,
  changed: changed({
    type: candidate.type,
    status: candidate.status,
    assignedAgent: candidate.assignedAgent,
  }),
});
const luna = (assignedAgent: AgentRef | null, status: 'active' | 'inactive' = 'active'): CandidateFacts => ({
  uuid: 'c1',
  type: 'luna',
  status,
  assignedAgent,
});
const stella = (
  assignedAgent: AgentRef | null,
  status: 'active' | 'inactive' = 'active',
): CandidateFacts => ({
  uuid: 'c1',
  type: 'stella',
  status,
  assignedAgent,
});

/** A plain agent on a free, active luna: assign to me and back, promote, deactivate and activate. */
const plainOnLuna: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#free',
  initialContext: { error: null, notice: null, pendingStatus: null },
  initialTags: [],
  events: EVENTS,
  states: {
    'idle#free': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')], tags: busy },
      promote: { target: 'confirmingPromote', tags: [] },
      deactivate: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' }, tags: [] },
    },
    'assigning#toMe': {
      answered: {
        target: 'idle#mine',
        context: {
          candidate: { uuid: 'c1', type: 'luna', status: 'active', assignedAgent: ME },
          notice: 'assigned',
        },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: ME })],
        tags: [],
      },
      refused: { target: 'failed#free', context: { error: REFUSAL, notice: null }, tags: [] },
    },
    'failed#free': {
      assignToMe: {
        target: 'assigning#toMe',
        context: { error: null },
        invoked: [assignCall('me')],
        tags: busy,
      },
      promote: { target: 'confirmingPromote', context: { error: null } },
      deactivate: { target: 'confirmingStatus#off', context: { error: null, pendingStatus: 'inactive' } },
    },
    'idle#mine': {
      unassign: { target: 'assigning#release', invoked: [assignCall(null)], tags: busy },
      promote: { target: 'confirmingPromote' },
      deactivate: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' } },
    },
    'assigning#release': {
      answered: {
        target: 'idle#free',
        context: { candidate: luna(null, 'active'), notice: 'unassigned' },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: null })],
      },
      refused: { target: 'failed#mine', context: { error: REFUSAL, candidate: luna(ME, 'active') } },
    },
    'failed#mine': {
      unassign: {
        target: 'assigning#release',
        context: { error: null },
        invoked: [assignCall(null)],
        tags: busy,
      },
      promote: { target: 'confirmingPromote', context: { error: null } },
      deactivate: { target: 'confirmingStatus#off', context: { error: null } },
    },
    confirmingPromote: {
      cancel: { target: 'idle#free', context: { notice: null }, tags: [] },
      confirm: { target: 'promoting', invoked: [{ src: 'promote', input: { uuid: 'c1' } }], tags: busy },
    },
    promoting: {
      answered: {
        target: 'idle#stella',
        context: {
          candidate: { uuid: 'c1', type: 'stella', status: 'active', assignedAgent: null },
          notice: 'promoted',
        },
        invoked: [changed({ type: 'stella', status: 'active', assignedAgent: null })],
        tags: [],
      },
      refused: { target: 'failed#free', context: { error: REFUSAL, candidate: luna(null, 'active') } },
    },
    // A stella is no luna: promote is refused from now on.
    'idle#stella': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')], tags: busy },
      deactivate: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' } },
    },
    'confirmingStatus#off': {
      cancel: { target: 'idle#free', context: { pendingStatus: null } },
      confirm: { target: 'changingStatus#off', invoked: [statusCall('inactive')], tags: busy },
    },
    'changingStatus#off': {
      answered: {
        target: 'idle#inactive',
        context: { candidate: luna(null, 'inactive'), notice: 'deactivated', pendingStatus: null },
        invoked: [changed({ type: 'luna', status: 'inactive', assignedAgent: null })],
        tags: [],
      },
      refused: {
        target: 'failed#free',
        context: { error: REFUSAL, pendingStatus: null, candidate: luna(null, 'active') },
      },
    },
    'idle#inactive': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')] },
      promote: { target: 'confirmingPromote' },
      activate: { target: 'confirmingStatus#on', context: { pendingStatus: 'active' } },
    },
    'confirmingStatus#on': {
      cancel: { target: 'idle#inactive', context: { pendingStatus: null } },
      confirm: { target: 'changingStatus#on', invoked: [statusCall('active')], tags: busy },
    },
    'changingStatus#on': {
      answered: {
        target: 'idle#free',
        context: { candidate: luna(null, 'active'), notice: 'activated', pendingStatus: null },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: null })],
      },
      refused: { target: 'failed#inactive', context: { error: REFUSAL, pendingStatus: null } },
    },
    'failed#inactive': {
      assignToMe: { target: 'assigning#toMe', context: { error: null }, invoked: [assignCall('me')] },
      promote: { target: 'confirmingPromote', context: { error: null } },
      activate: { target: 'confirmingStatus#on', context: { error: null, pendingStatus: 'active' } },
    },
  },
};

/** A senior agent on an active stella assigned to Kim: reassign to anyone, take over, unassign. */
const seniorOnStella: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#kims',
  events: EVENTS,
  states: {
    'idle#kims': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')], tags: busy },
      assignToLee: { target: 'assigning#toLee', invoked: [assignCall('lee')], tags: busy },
      // A senior agent unassigns another agent's candidate.
      unassign: { target: 'assigning#release', invoked: [assignCall(null)], tags: busy },
      deactivate: { target: 'confirmingStatus', context: { pendingStatus: 'inactive' } },
    },
    'assigning#toLee': {
      answered: {
        target: 'idle#lees',
        context: {
          candidate: { uuid: 'c1', type: 'stella', status: 'active', assignedAgent: LEE },
          notice: 'assigned',
        },
        invoked: [changed({ type: 'stella', status: 'active', assignedAgent: LEE })],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, candidate: stella(KIM) } },
    },
    'failed#kims': {
      assignToMe: { target: 'assigning#toMe', context: { error: null }, invoked: [assignCall('sen')] },
      assignToLee: { target: 'assigning#toLee', context: { error: null }, invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', context: { error: null }, invoked: [assignCall(null)] },
      deactivate: { target: 'confirmingStatus', context: { error: null } },
    },
    'idle#lees': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')] },
      assignToKim: { target: 'assigning#leesToKim', invoked: [assignCall('kim')], tags: busy },
      unassign: { target: 'assigning#release', invoked: [assignCall(null)] },
      deactivate: { target: 'confirmingStatus' },
    },
    'assigning#toKim': {
      answered: {
        target: 'idle#kims',
        context: { candidate: stella(KIM) },
        invoked: [after(stella(KIM)).changed],
      },
      refused: { target: 'failed#mine', context: { error: REFUSAL, candidate: stella(SENIOR) } },
    },
    'failed#mine': {
      assignToKim: { target: 'assigning#toKim', context: { error: null }, invoked: [assignCall('kim')] },
      assignToLee: { target: 'assigning#toLee', context: { error: null }, invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', context: { error: null }, invoked: [assignCall(null)] },
      deactivate: { target: 'confirmingStatus', context: { error: null } },
    },
    'assigning#toMe': {
      answered: {
        target: 'idle#mine',
        context: { candidate: stella(SENIOR), notice: 'assigned' },
        invoked: [after(stella(SENIOR)).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL } },
    },
    'idle#mine': {
      assignToKim: { target: 'assigning#toKim', invoked: [assignCall('kim')] },
      assignToLee: { target: 'assigning#toLee', invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', invoked: [assignCall(null)] },
      deactivate: { target: 'confirmingStatus' },
    },
    'assigning#release': {
      answered: {
        target: 'idle#free',
        context: { candidate: stella(null), notice: 'unassigned' },
        invoked: [after(stella(null)).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL } },
    },
    'idle#free': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')] },
      assignToKim: { target: 'assigning#freeToKim', invoked: [assignCall('kim')] },
      assignToLee: { target: 'assigning#toLee', invoked: [assignCall('lee')] },
      deactivate: { target: 'confirmingStatus' },
    },
    confirmingStatus: {
      cancel: { target: 'idle#kims', context: { pendingStatus: null } },
      confirm: { target: 'changingStatus', invoked: [statusCall('inactive')], tags: busy },
    },
    changingStatus: {
      answered: {
        target: 'idle#inactive',
        context: { candidate: stella(KIM, 'inactive'), notice: 'deactivated', pendingStatus: null },
        invoked: [after(stella(KIM, 'inactive')).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, pendingStatus: null } },
    },
    // An inactive stella: activate comes back, deactivate and promote are refused.
    'idle#inactive': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')] },
      assignToLee: { target: 'assigning#toLee', invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', invoked: [assignCall(null)] },
      activate: { target: 'confirmingStatus', context: { pendingStatus: 'active' } },
    },
  },
};

/**
 * A plain agent on an inactive nova assigned to Kim: may neither take it over nor unassign Kim nor
 * assign to others (PRODUCT.md §8: reassigning is for senior agents), only (de)activate it.
 */
const kimsNova = (status: 'active' | 'inactive'): CandidateFacts => ({
  uuid: 'c1',
  type: 'nova',
  status,
  assignedAgent: KIM,
});
const plainOnKimsNova: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#kims',
  events: EVENTS,
  states: {
    'idle#kims': {
      activate: { target: 'confirmingStatus', context: { pendingStatus: 'active' } },
    },
    confirmingStatus: {
      cancel: { target: 'idle#kims', context: { pendingStatus: null } },
      confirm: { target: 'changingStatus', invoked: [statusCall('active')], tags: busy },
    },
    changingStatus: {
      answered: {
        target: 'idle#active',
        context: { candidate: kimsNova('active'), notice: 'activated', pendingStatus: null },
        invoked: [after(kimsNova('active')).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, pendingStatus: null } },
    },
    'failed#kims': {
      activate: { target: 'confirmingStatus', context: { error: null, pendingStatus: 'active' } },
    },
    'idle#active': {
      deactivate: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' } },
    },
    'confirmingStatus#off': {
      cancel: { target: 'idle#active', context: { pendingStatus: null } },
      confirm: { target: 'changingStatus#off', invoked: [statusCall('inactive')], tags: busy },
    },
    'changingStatus#off': {
      answered: {
        target: 'idle#kims',
        context: { candidate: kimsNova('inactive'), notice: 'deactivated', pendingStatus: null },
        invoked: [after(kimsNova('inactive')).changed],
      },
      refused: { target: 'failed#active', context: { error: REFUSAL, pendingStatus: null } },
    },
    'failed#active': {
      deactivate: { target: 'confirmingStatus#off', context: { error: null, pendingStatus: 'inactive' } },
    },
  },
};

export const PLAIN_LUNA: CandidateActionsInput = {
  candidate: { uuid: 'c1', type: 'luna', status: 'active', assignedAgent: null },
  me: 'me',
  senior: false,
};
export const SENIOR_STELLA: CandidateActionsInput = {
  candidate: { uuid: 'c1', type: 'stella', status: 'active', assignedAgent: KIM },
  me: 'sen',
  senior: true,
};
const PLAIN_NOVA: CandidateActionsInput = {
  candidate: { uuid: 'c1', type: 'nova', status: 'inactive', assignedAgent: KIM },
  me: 'me',
  senior: false,
};

export const TABLES: [string, ModelTable, CandidateActionsInput][] = [
  ['plain agent, free luna', plainOnLuna, PLAIN_LUNA],
  ['senior agent, Kim’s stella', seniorOnStella, SENIOR_STELLA],
  ['plain agent, Kim’s inactive nova', plainOnKimsNova, PLAIN_NOVA],
];
