import type { AgentRef, AssignmentResult, CandidateBlock } from '../../contract/agent';
import type {
  CandidateActionsInput,
  CandidateFacts,
} from '../../src/machines/candidates/candidate-actions.machine';
import type { Expectation, ModelTable } from './model';

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

/*
 * The tables of a plain agent on a luna and a senior agent on Kim's stella name every state by the
 * candidate the machine holds at that point (who has it, blocked or not, luna or stella): the machine
 * remembers all three, and each decides which actions it takes. A random walk reaches a state by any
 * route (a block after taking the candidate, a promotion of a blocked luna), so each combination is a
 * state of its own. The rules below are PRODUCT.md §6/§8 as a plain or a senior agent sees them,
 * written here, not read from the machine.
 */
interface Held {
  holder: string | null;
  blocked: boolean;
  type: 'luna' | 'stella';
}
type Row = Expectation & { tags: string[] };

function agentTable(options: {
  me: string;
  senior: boolean;
  initial: Held;
  /** The name of each holder in state labels. */
  names: Record<string, string>;
  initialContext?: Record<string, unknown>;
}): ModelTable {
  const { me, senior, initial, names } = options;
  const label = (h: Held) =>
    [
      names[h.holder ?? ''] ?? 'free',
      ...(h.blocked ? ['blocked'] : []),
      ...(h.type === 'stella' && initial.type === 'luna' ? ['stella'] : []),
    ].join('-');
  const facts = (h: Held): CandidateFacts => ({
    uuid: 'c1',
    type: h.type,
    status: 'active',
    assignedAgent: h.holder === null ? null : (AGENTS[h.holder] ?? null),
    block: h.blocked ? BLOCK : null,
  });
  const answer = (h: Held, notice: string) => ({
    context: { candidate: facts(h), notice, error: null },
    invoked: [after(facts(h)).changed],
    tags: [] as string[],
  });
  const states: Record<string, Record<string, Row>> = {};
  const seen = new Set<string>();
  const todo: Held[] = [initial];
  while (todo.length > 0) {
    const h = todo.shift() as Held;
    const l = label(h);
    if (seen.has(l)) continue;
    seen.add(l);
    const next = (n: Held) => {
      if (!seen.has(label(n))) todo.push(n);
      return `idle#${label(n)}`;
    };
    const failed = { target: `failed#${l}`, context: { error: REFUSAL, candidate: facts(h) }, tags: [] };
    const actions: Record<string, Row> = {};
    const assignTo = (event: string, to: string | null) => {
      const busyState = `assigning#${l}>${names[to ?? ''] ?? 'free'}`;
      actions[event] = { target: busyState, context: { error: null }, invoked: [assignCall(to)], tags: busy };
      const n = { ...h, holder: to };
      states[busyState] = {
        answered: { target: next(n), ...answer(n, to === null ? 'unassigned' : 'assigned') },
        refused: failed,
      };
    };
    // A plain agent takes a free candidate and gives back their own; a senior agent takes anyone
    // else's, assigns to any other agent and unassigns anyone.
    if (h.holder === null || (senior && h.holder !== me)) assignTo('assignToMe', me);
    if (senior && h.holder !== 'kim') assignTo('assignToKim', 'kim');
    if (senior && h.holder !== 'lee') assignTo('assignToLee', 'lee');
    if (h.holder !== null && (senior || h.holder === me)) assignTo('unassign', null);
    // Only a luna is promoted, after a confirmation.
    if (h.type === 'luna') {
      const n = { ...h, type: 'stella' as const };
      actions.promote = { target: `confirmingPromote#${l}`, context: { error: null }, tags: [] };
      states[`confirmingPromote#${l}`] = {
        cancel: { target: `idle#${l}`, tags: [] },
        confirm: {
          target: `promoting#${l}`,
          invoked: [{ src: 'promote', input: { uuid: 'c1' } }],
          tags: busy,
        },
      };
      states[`promoting#${l}`] = { answered: { target: next(n), ...answer(n, 'promoted') }, refused: failed };
    }
    const cancel = {
      target: `idle#${l}`,
      context: { pendingStatus: null, reason: '', error: null },
      tags: [],
    };
    const failedStatus = { ...failed, context: { ...failed.context, pendingStatus: null, reason: '' } };
    if (h.blocked) {
      // Lifting a block needs no reason; one typed is not sent.
      const n = { ...h, blocked: false };
      const on = `confirmingStatus#${l}-on`;
      actions.unblock = { target: on, context: { error: null, pendingStatus: 'active' }, tags: [] };
      states[on] = {
        typeReason: { target: on, context: { reason: ` ${REASON} ` }, tags: [] },
        clearReason: { target: on, context: { reason: '   ' }, tags: [] },
        cancel,
        confirm: { target: `changingStatus#${l}-on`, invoked: [unblockCall], tags: busy },
      };
      states[`changingStatus#${l}-on`] = {
        answered: {
          target: next(n),
          ...answer(n, 'unblocked'),
          context: { ...answer(n, 'unblocked').context, pendingStatus: null },
        },
        refused: failedStatus,
      };
    } else {
      // A block is sent only with a reason: confirm without one keeps the question open and names
      // what is missing; typing clears the error.
      const n = { ...h, blocked: true };
      const off = `confirmingStatus#${l}-off`;
      const missing = `${off}Missing`;
      const ready = `${off}Ready`;
      actions.block = {
        target: off,
        context: { error: null, pendingStatus: 'inactive', reason: '' },
        tags: [],
      };
      const typing = {
        typeReason: { target: ready, context: { reason: ` ${REASON} `, error: null }, tags: [] },
        clearReason: { target: off, context: { reason: '   ', error: null }, tags: [] },
        cancel,
      };
      const refuse = {
        target: missing,
        context: { error: REASON_MISSING, pendingStatus: 'inactive' },
        tags: [],
      };
      states[off] = { ...typing, confirm: refuse };
      states[missing] = { ...typing, confirm: refuse };
      // The reason goes out trimmed.
      states[ready] = {
        ...typing,
        confirm: { target: `changingStatus#${l}-off`, invoked: [blockCall], tags: busy },
      };
      states[`changingStatus#${l}-off`] = {
        answered: {
          target: next(n),
          ...answer(n, 'blocked'),
          context: { ...answer(n, 'blocked').context, pendingStatus: null, reason: '' },
        },
        refused: failedStatus,
      };
    }
    // A failure does not block the next try: failed takes what idle takes.
    states[`idle#${l}`] = actions;
    states[`failed#${l}`] = actions;
  }
  return {
    rules: { '*': 'PRODUCT §6 agent actions' },
    initial: `idle#${label(initial)}`,
    ...(options.initialContext ? { initialContext: options.initialContext } : {}),
    initialTags: [],
    events: EVENTS,
    states,
  };
}

/**
 * A plain agent on a free luna: assign to me and back, promote, block (only with a reason typed) and
 * unblock.
 */
const plainOnLuna = agentTable({
  me: 'me',
  senior: false,
  initial: { holder: null, blocked: false, type: 'luna' },
  names: { me: 'mine' },
  initialContext: { error: null, notice: null, pendingStatus: null, reason: '' },
});

/** A senior agent on a stella assigned to Kim: reassign to anyone, take over, unassign, block. */
const seniorOnStella = agentTable({
  me: 'sen',
  senior: true,
  initial: { holder: 'kim', blocked: false, type: 'stella' },
  names: { sen: 'mine', kim: 'kims', lee: 'lees' },
});

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
