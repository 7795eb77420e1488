import type { AgentRef, AssignmentResult, CandidateBlock } from '../../contract/agent';
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
  'block',
  'unblock',
  'typeReason',
  'clearReason',
  'confirm',
  'cancel',
  'answered',
  'refused',
] as const;

const busy = ['busy'];
const assignCall = (agentUuid: string | null) => ({ src: 'assign', input: { uuid: 'c1', agent: agentUuid } });
/** The reason an agent types for a block, and when the server says the block began. */
export const REASON = 'Forged certificates';
export const BLOCKED_AT = '2026-03-01T09:00:00.000Z';
const BLOCK: CandidateBlock = { at: BLOCKED_AT, reason: REASON };
const blockCall = { src: 'changeStatus', input: { uuid: 'c1', status: 'inactive', reason: REASON } };
const unblockCall = { src: 'changeStatus', input: { uuid: 'c1', status: 'active' } };
const changed = (result: Partial<AssignmentResult>) => ({ src: 'changed', input: { uuid: 'c1', ...result } });
export const REFUSAL = 'server.internal';
/** What a block confirmed without a reason says (translated under the reason field). */
const REASON_MISSING = 'block.reason_required';
/** The candidate as an answer leaves it: in the context, and reported through `changed`. */
const after = (candidate: CandidateFacts) => ({
  candidate,
  changed: changed({
    type: candidate.type,
    status: candidate.status,
    assignedAgent: candidate.assignedAgent,
    block: candidate.block,
  }),
});
// The candidates' own switch stays 'active' throughout: the agency's block is the agent's switch.
const luna = (assignedAgent: AgentRef | null, block: CandidateBlock | null = null): CandidateFacts => ({
  uuid: 'c1',
  type: 'luna',
  status: 'active',
  assignedAgent,
  block,
});
const stella = (assignedAgent: AgentRef | null, block: CandidateBlock | null = null): CandidateFacts => ({
  uuid: 'c1',
  type: 'stella',
  status: 'active',
  assignedAgent,
  block,
});

/**
 * A plain agent on a free luna: assign to me and back, promote, block (only with a reason typed) and
 * unblock.
 */
const plainOnLuna: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#free',
  initialContext: { error: null, notice: null, pendingStatus: null, reason: '' },
  initialTags: [],
  events: EVENTS,
  states: {
    'idle#free': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')], tags: busy },
      promote: { target: 'confirmingPromote', tags: [] },
      block: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive', reason: '' }, tags: [] },
    },
    'assigning#toMe': {
      answered: {
        target: 'idle#mine',
        context: { candidate: luna(ME), notice: 'assigned' },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: ME, block: null })],
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
      block: { target: 'confirmingStatus#off', context: { error: null, pendingStatus: 'inactive' } },
    },
    'idle#mine': {
      unassign: { target: 'assigning#release', invoked: [assignCall(null)], tags: busy },
      promote: { target: 'confirmingPromote' },
      block: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' } },
    },
    'assigning#release': {
      answered: {
        target: 'idle#free',
        context: { candidate: luna(null), notice: 'unassigned' },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: null, block: null })],
      },
      refused: { target: 'failed#mine', context: { error: REFUSAL, candidate: luna(ME) } },
    },
    'failed#mine': {
      unassign: {
        target: 'assigning#release',
        context: { error: null },
        invoked: [assignCall(null)],
        tags: busy,
      },
      promote: { target: 'confirmingPromote', context: { error: null } },
      block: { target: 'confirmingStatus#off', context: { error: null } },
    },
    confirmingPromote: {
      cancel: { target: 'idle#free', context: { notice: null }, tags: [] },
      confirm: { target: 'promoting', invoked: [{ src: 'promote', input: { uuid: 'c1' } }], tags: busy },
    },
    promoting: {
      answered: {
        target: 'idle#stella',
        context: { candidate: { ...luna(null), type: 'stella' }, notice: 'promoted' },
        invoked: [changed({ type: 'stella', status: 'active', assignedAgent: null, block: null })],
        tags: [],
      },
      refused: { target: 'failed#free', context: { error: REFUSAL, candidate: luna(null) } },
    },
    // A stella is no luna: promote is refused from now on.
    'idle#stella': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')], tags: busy },
      block: { target: 'confirmingStatus#off', context: { pendingStatus: 'inactive' } },
    },
    // A block without a reason is not sent: confirm keeps the question open and names what is missing.
    'confirmingStatus#off': {
      typeReason: { target: 'confirmingStatus#offReady', context: { reason: ` ${REASON} ` } },
      clearReason: { target: 'confirmingStatus#off', context: { reason: '   ' } },
      cancel: { target: 'idle#free', context: { pendingStatus: null, reason: '' } },
      confirm: {
        target: 'confirmingStatus#offMissing',
        context: { error: REASON_MISSING, pendingStatus: 'inactive', reason: '' },
        tags: [],
      },
    },
    // Typing clears the error; asking again without a reason names it again; cancelling forgets it.
    'confirmingStatus#offMissing': {
      typeReason: { target: 'confirmingStatus#offReady', context: { reason: ` ${REASON} `, error: null } },
      clearReason: { target: 'confirmingStatus#off', context: { reason: '   ', error: null } },
      confirm: { target: 'confirmingStatus#offMissing', context: { error: REASON_MISSING } },
      cancel: { target: 'idle#free', context: { pendingStatus: null, reason: '', error: null } },
    },
    'confirmingStatus#offReady': {
      typeReason: { target: 'confirmingStatus#offReady', context: { reason: ` ${REASON} ` } },
      clearReason: { target: 'confirmingStatus#off', context: { reason: '   ' } },
      cancel: { target: 'idle#free', context: { pendingStatus: null, reason: '' } },
      // The reason goes out trimmed.
      confirm: { target: 'changingStatus#off', invoked: [blockCall], tags: busy },
    },
    'changingStatus#off': {
      answered: {
        target: 'idle#blocked',
        context: { candidate: luna(null, BLOCK), notice: 'blocked', pendingStatus: null, reason: '' },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: null, block: BLOCK })],
        tags: [],
      },
      refused: {
        target: 'failed#free',
        context: { error: REFUSAL, pendingStatus: null, reason: '', candidate: luna(null) },
      },
    },
    // Blocked: unblock comes back, block is refused; assigning and promoting still work.
    'idle#blocked': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')] },
      promote: { target: 'confirmingPromote' },
      unblock: { target: 'confirmingStatus#on', context: { pendingStatus: 'active' } },
    },
    // Lifting a block needs no reason; one typed is not sent.
    'confirmingStatus#on': {
      typeReason: { target: 'confirmingStatus#on', context: { reason: ` ${REASON} ` } },
      clearReason: { target: 'confirmingStatus#on', context: { reason: '   ' } },
      cancel: { target: 'idle#blocked', context: { pendingStatus: null, reason: '' } },
      confirm: { target: 'changingStatus#on', invoked: [unblockCall], tags: busy },
    },
    'changingStatus#on': {
      answered: {
        target: 'idle#free',
        context: { candidate: luna(null), notice: 'unblocked', pendingStatus: null },
        invoked: [changed({ type: 'luna', status: 'active', assignedAgent: null, block: null })],
      },
      refused: { target: 'failed#blocked', context: { error: REFUSAL, pendingStatus: null } },
    },
    'failed#blocked': {
      assignToMe: { target: 'assigning#toMe', context: { error: null }, invoked: [assignCall('me')] },
      promote: { target: 'confirmingPromote', context: { error: null } },
      unblock: { target: 'confirmingStatus#on', context: { error: null, pendingStatus: 'active' } },
    },
  },
};

/** A senior agent on a stella assigned to Kim: reassign to anyone, take over, unassign, block. */
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
      block: { target: 'confirmingStatus', context: { pendingStatus: 'inactive' } },
    },
    'assigning#toLee': {
      answered: {
        target: 'idle#lees',
        context: { candidate: stella(LEE), notice: 'assigned' },
        invoked: [after(stella(LEE)).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, candidate: stella(KIM) } },
    },
    'failed#kims': {
      assignToMe: { target: 'assigning#toMe', context: { error: null }, invoked: [assignCall('sen')] },
      assignToLee: { target: 'assigning#toLee', context: { error: null }, invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', context: { error: null }, invoked: [assignCall(null)] },
      block: { target: 'confirmingStatus', context: { error: null } },
    },
    'idle#lees': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')] },
      assignToKim: { target: 'assigning#leesToKim', invoked: [assignCall('kim')], tags: busy },
      unassign: { target: 'assigning#release', invoked: [assignCall(null)] },
      block: { target: 'confirmingStatus' },
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
      block: { target: 'confirmingStatus', context: { error: null } },
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
      block: { target: 'confirmingStatus' },
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
      block: { target: 'confirmingStatus' },
    },
    confirmingStatus: {
      typeReason: { target: 'confirmingStatus#ready', context: { reason: ` ${REASON} ` } },
      clearReason: { target: 'confirmingStatus', context: { reason: '   ' } },
      cancel: { target: 'idle#kims', context: { pendingStatus: null, reason: '' } },
      confirm: { target: 'confirmingStatus#missing', context: { error: REASON_MISSING } },
    },
    'confirmingStatus#missing': {
      typeReason: { target: 'confirmingStatus#ready', context: { reason: ` ${REASON} `, error: null } },
      clearReason: { target: 'confirmingStatus', context: { error: null } },
      confirm: { target: 'confirmingStatus#missing', context: { error: REASON_MISSING } },
      cancel: { target: 'idle#kims', context: { pendingStatus: null, error: null } },
    },
    'confirmingStatus#ready': {
      typeReason: { target: 'confirmingStatus#ready' },
      clearReason: { target: 'confirmingStatus', context: { reason: '   ' } },
      cancel: { target: 'idle#kims', context: { pendingStatus: null, reason: '' } },
      confirm: { target: 'changingStatus', invoked: [blockCall], tags: busy },
    },
    changingStatus: {
      answered: {
        target: 'idle#blocked',
        context: { candidate: stella(KIM, BLOCK), notice: 'blocked', pendingStatus: null, reason: '' },
        invoked: [after(stella(KIM, BLOCK)).changed],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, pendingStatus: null, reason: '' } },
    },
    // A blocked stella: unblock comes back, block and promote are refused.
    'idle#blocked': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('sen')] },
      assignToLee: { target: 'assigning#toLee', invoked: [assignCall('lee')] },
      unassign: { target: 'assigning#release', invoked: [assignCall(null)] },
      unblock: { target: 'confirmingStatus', context: { pendingStatus: 'active' } },
    },
  },
};

/**
 * A plain agent on a blocked nova assigned to Kim, whose own switch is off: may neither take it over
 * nor unassign Kim nor assign to others (PRODUCT.md §8: reassigning is for senior agents); lifting the
 * block leaves the nova's own switch alone.
 */
const NOVA: CandidateFacts = {
  uuid: 'c1',
  type: 'nova',
  status: 'inactive',
  assignedAgent: KIM,
  block: BLOCK,
};
const plainOnKimsNova: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#kims',
  events: EVENTS,
  states: {
    'idle#kims': {
      unblock: { target: 'confirmingStatus', context: { pendingStatus: 'active' } },
    },
    'failed#kims': {
      unblock: { target: 'confirmingStatus', context: { error: null } },
    },
    confirmingStatus: {
      typeReason: { target: 'confirmingStatus', context: { reason: ` ${REASON} ` } },
      clearReason: { target: 'confirmingStatus', context: { reason: '   ' } },
      cancel: { target: 'idle#kims', context: { pendingStatus: null, reason: '' } },
      confirm: { target: 'changingStatus', invoked: [unblockCall], tags: busy },
    },
    changingStatus: {
      answered: {
        target: 'idle#unblocked',
        context: { candidate: { ...NOVA, block: null }, notice: 'unblocked', pendingStatus: null },
        invoked: [changed({ type: 'nova', status: 'inactive', assignedAgent: KIM, block: null })],
      },
      refused: { target: 'failed#kims', context: { error: REFUSAL, pendingStatus: null, candidate: NOVA } },
    },
  },
};

/**
 * A luna whose profile the agency keeps without an account (issue 22): the server mails a promotion
 * only to an account's owner, so the notice after promoting says that nobody was told — the machine
 * decides it, the screen only words it.
 */
const plainOnLunaWithoutAccount: ModelTable = {
  rules: { '*': 'PRODUCT §6 agent actions' },
  initial: 'idle#free',
  initialContext: { error: null, notice: null, hasAccount: false },
  events: EVENTS,
  states: {
    'idle#free': {
      assignToMe: { target: 'assigning#toMe', invoked: [assignCall('me')], tags: busy },
      promote: { target: 'confirmingPromote', tags: [] },
      block: { target: 'confirmingStatus', context: { pendingStatus: 'inactive', reason: '' } },
    },
    confirmingPromote: {
      cancel: { target: 'idle#free' },
      confirm: { target: 'promoting', invoked: [{ src: 'promote', input: { uuid: 'c1' } }], tags: busy },
    },
    promoting: {
      answered: {
        target: 'idle#stella',
        context: { candidate: { ...luna(null), type: 'stella' }, notice: 'promotedWithoutAccount' },
        invoked: [changed({ type: 'stella', status: 'active', assignedAgent: null, block: null })],
        tags: [],
      },
      refused: { target: 'failed#free', context: { error: REFUSAL, candidate: luna(null) }, tags: [] },
    },
  },
};

export const PLAIN_LUNA: CandidateActionsInput = {
  candidate: { uuid: 'c1', type: 'luna', status: 'active', assignedAgent: null, block: null },
  hasAccount: true,
  me: 'me',
  senior: false,
};
export const SENIOR_STELLA: CandidateActionsInput = {
  candidate: { uuid: 'c1', type: 'stella', status: 'active', assignedAgent: KIM, block: null },
  hasAccount: true,
  me: 'sen',
  senior: true,
};
const PLAIN_NOVA: CandidateActionsInput = {
  candidate: NOVA,
  hasAccount: true,
  me: 'me',
  senior: false,
};
const PLAIN_LUNA_WITHOUT_ACCOUNT: CandidateActionsInput = { ...PLAIN_LUNA, hasAccount: false };

export const TABLES: [string, ModelTable, CandidateActionsInput][] = [
  ['plain agent, free luna', plainOnLuna, PLAIN_LUNA],
  ['senior agent, Kim’s stella', seniorOnStella, SENIOR_STELLA],
  ['plain agent, Kim’s blocked nova', plainOnKimsNova, PLAIN_NOVA],
  ['plain agent, free luna without an account', plainOnLunaWithoutAccount, PLAIN_LUNA_WITHOUT_ACCOUNT],
];
