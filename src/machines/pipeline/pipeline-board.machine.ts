import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import {
  correctionAllowed,
  moveAllowed,
  PIPELINE_STAGES,
  type PipelineEntry,
  PipelineFollowUpSchema,
  type PipelineStage,
  type RejectedBy,
} from '../../../contract/pipeline';

/**
 * A job's pipeline board (PRODUCT.md §10): its entries, the cards selected for a bulk move, one call
 * in flight at a time. A move shows at once (the cards go to their new column) and reverts with the
 * server's reason when it is refused — taking the entries as the 409 says they are now. Which moves
 * a card offers is the entry machine's (`offeredMoves`); the board refuses any other before calling.
 * Issue 42: a move emits `board.moved` (the page's toast offers `board.undo` while it is the last
 * write); `board.correct` (earlier stage, reason) and `board.remove` are refused as the rules refuse.
 * Issue 42 major 4: a follow-up is a day with an optional time and note (`board.followUp`, refused as
 * the contract's PipelineFollowUpSchema refuses: no time or note without a day), and
 * `board.followUpDone` marks an entry's follow-up done (refused for an entry without one).
 */

export interface MoveRequest {
  entries: string[];
  to: PipelineStage;
  by?: RejectedBy;
  reason?: string;
}

export interface PipelineBoardContext {
  jobUuid: string;
  entries: PipelineEntry[];
  selected: string[];
  /** The entries as they were before the move in flight (put back if it is refused). */
  before: PipelineEntry[] | null;
  /** Why the last call failed (an error code), until the next one starts. */
  error: string | null;
  /** The stage the last move took the entries to (the board announces it). */
  moved: { count: number; to: PipelineStage } | null;
  /** The entries of the last move, with the versions it gave them, until another write: what Undo takes back. */
  undoable: Versioned[] | null;
}

type Versioned = { uuid: string; version: number };
type Correction = { entry: string; to: PipelineStage; reason: string; version: number };
/** What `saveFollowUp` is asked: a follow-up set, postponed or cleared, or one done. */
export type FollowUpSave =
  | { entry: string; date: string | null; time: string | null; note: string | null }
  | { entry: string; done: true };

export type PipelineBoardEvent =
  | { type: 'board.reload' }
  | { type: 'board.add'; profile: string }
  | ({ type: 'board.move' } & MoveRequest)
  | { type: 'board.followUp'; entry: string; date: string | null; time?: string | null; note?: string | null }
  | { type: 'board.followUpDone'; entry: string }
  | { type: 'board.select'; entry: string; selected: boolean }
  | { type: 'board.clearSelection' }
  | { type: 'board.undo' }
  | { type: 'board.correct'; entry: string; to: PipelineStage; reason: string }
  | { type: 'board.remove'; entry: string; reason?: string };

/** What the board tells the page: a move went through (the toast with "Undo"). */
export type PipelineBoardEmitted = { type: 'board.moved'; count: number; to: PipelineStage };

const byStage = (a: PipelineEntry, b: PipelineEntry) =>
  PIPELINE_STAGES.indexOf(a.stage) - PIPELINE_STAGES.indexOf(b.stage);

/** The entries with some replaced by the server's answer (in the board's order: by stage). */
export function replaceEntries(entries: PipelineEntry[], fresh: PipelineEntry[]): PipelineEntry[] {
  const byId = new Map(fresh.map((e) => [e.uuid, e]));
  const kept = entries.map((e) => byId.get(e.uuid) ?? e);
  const added = fresh.filter((e) => !entries.some((x) => x.uuid === e.uuid));
  return [...added, ...kept].sort(byStage);
}

/** What a 409 of a move carries: the entries as they are now. */
function currentOf(error: unknown): PipelineEntry[] {
  const current = (error as { body?: { current?: unknown } } | null)?.body?.current;
  if (Array.isArray(current)) return current as PipelineEntry[];
  return current && typeof current === 'object' ? [current as PipelineEntry] : [];
}

export const pipelineBoardMachine = setup({
  types: {
    context: {} as PipelineBoardContext,
    events: {} as PipelineBoardEvent,
    input: {} as { jobUuid: string },
    emitted: {} as PipelineBoardEmitted,
  },
  actors: {
    loadBoard: fromPromise<{ items: PipelineEntry[] }, { jobUuid: string }>(async () => {
      throw new Error('provide loadBoard');
    }),
    addEntry: fromPromise<PipelineEntry, { jobUuid: string; profile: string }>(async () => {
      throw new Error('provide addEntry');
    }),
    moveEntries: fromPromise<
      PipelineEntry[],
      {
        jobUuid: string;
        entries: { uuid: string; version: number }[];
        to: PipelineStage;
        by?: RejectedBy;
        reason?: string;
      }
    >(async () => {
      throw new Error('provide moveEntries');
    }),
    saveFollowUp: fromPromise<PipelineEntry, FollowUpSave>(async () => {
      throw new Error('provide saveFollowUp');
    }),
    undoMoves: fromPromise<PipelineEntry[], { jobUuid: string; entries: Versioned[] }>(async () => {
      throw new Error('provide undoMoves');
    }),
    correctEntry: fromPromise<PipelineEntry, Correction>(async () => {
      throw new Error('provide correctEntry');
    }),
    /** Answers the entry removed. */
    removeEntry: fromPromise<string, { entry: string; version: number; reason?: string }>(async () => {
      throw new Error('provide removeEntry');
    }),
  },
  guards: {
    /** Every entry named is on the board and its stage allows the move (contract/pipeline.ts). */
    moveAllowed: ({ context, event }) => {
      assertEvent(event, 'board.move');
      if (event.entries.length === 0) return false;
      return event.entries.every((id) => {
        const entry = context.entries.find((e) => e.uuid === id);
        return entry !== undefined && moveAllowed(entry.stage, entry.lastOpenStage, event.to);
      });
    },
    knownEntries: ({ context, event }) => {
      assertEvent(event, 'board.move');
      return (
        event.entries.length > 0 && event.entries.every((id) => context.entries.some((e) => e.uuid === id))
      );
    },
    knownEntry: ({ context, event }) => {
      assertEvent(event, ['board.select', 'board.remove']);
      return context.entries.some((e) => e.uuid === event.entry);
    },
    /** The entry is on the board and the follow-up is one the server takes (a time or note needs a day). */
    followUpValid: ({ context, event }) => {
      assertEvent(event, 'board.followUp');
      return (
        context.entries.some((e) => e.uuid === event.entry) &&
        v.is(PipelineFollowUpSchema, {
          followUp: event.date,
          time: event.time ?? null,
          note: event.note ?? null,
        })
      );
    },
    /** The entry is on the board and has a follow-up to be done with. */
    hasFollowUp: ({ context, event }) => {
      assertEvent(event, 'board.followUpDone');
      return context.entries.some((e) => e.uuid === event.entry && e.followUp !== null);
    },
    /** The last move is still the board's last write. */
    canUndo: ({ context }) => context.undoable !== null,
    /** The entry is on the board, the stage is earlier (contract/pipeline.ts) and a reason is given. */
    correctionAllowed: ({ context, event }) => {
      assertEvent(event, 'board.correct');
      const entry = context.entries.find((e) => e.uuid === event.entry);
      const allowed = entry !== undefined && correctionAllowed(entry.stage, entry.lastOpenStage, event.to);
      return allowed && event.reason.trim() !== '';
    },
  },
  actions: {
    movedNotice: emit(({ context }) => ({
      type: 'board.moved' as const,
      count: context.moved?.count ?? 0,
      to: context.moved?.to ?? 'proposed',
    })),
    /** A refused write: the entries as the 409 says they are now, and why. */
    showRefusal: assign(({ context, event }) => ({
      entries: replaceEntries(context.entries, currentOf((event as { error?: unknown }).error)),
      error: errorCodeOf((event as { error?: unknown }).error),
    })),
    /** The cards go to their new column at once; the board remembers where they were. */
    showMove: assign(({ context, event }) => {
      assertEvent(event, 'board.move');
      const moving = new Set(event.entries);
      return {
        before: context.entries,
        error: null,
        moved: null,
        entries: context.entries
          .map((e) => (moving.has(e.uuid) ? { ...e, stage: event.to } : e))
          .sort(byStage),
      };
    }),
  },
}).createMachine({
  id: 'pipelineBoard',
  context: ({ input }) => ({
    jobUuid: input.jobUuid,
    entries: [],
    selected: [],
    before: null,
    error: null,
    moved: null,
    undoable: null,
  }),
  initial: 'loading',
  // Selecting asks nothing of the server, so it is taken in every state: react-aria selects the cards
  // dropped on a column while their move is on its way, and until the selection it set holds, it sets
  // it again at every render (a drag crashed the page with React's "maximum update depth").
  on: {
    'board.select': {
      guard: 'knownEntry',
      actions: assign({
        selected: ({ context, event }) =>
          event.selected
            ? [...context.selected.filter((id) => id !== event.entry), event.entry]
            : context.selected.filter((id) => id !== event.entry),
      }),
    },
    'board.clearSelection': { actions: assign({ selected: [] }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      // Asked again while loading (cards were sent meanwhile): the load that runs may have read the
      // board before that write, so it starts over.
      on: { 'board.reload': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadBoard',
        input: ({ context }) => ({ jobUuid: context.jobUuid }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: event.output.items,
            selected: context.selected.filter((id) => event.output.items.some((e) => e.uuid === id)),
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'board.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'board.reload': { target: 'loading' },
        'board.add': { target: 'adding', actions: assign({ error: null, moved: null, undoable: null }) },
        'board.undo': {
          guard: 'canUndo',
          target: 'undoing',
          actions: assign({ error: null, moved: null }),
        },
        'board.correct': {
          guard: 'correctionAllowed',
          target: 'correcting',
          actions: assign({ error: null, moved: null, undoable: null }),
        },
        'board.remove': {
          guard: 'knownEntry',
          target: 'removing',
          actions: assign({ error: null, moved: null, undoable: null }),
        },
        'board.move': [
          { guard: 'moveAllowed', target: 'moving', actions: 'showMove' },
          // A card dropped on a column its stage may not move to: nothing is asked, the card stays,
          // and the board says why (the same words as the server's refusal).
          { guard: 'knownEntries', actions: assign({ error: 'pipeline.transition_refused', moved: null }) },
        ],
        'board.followUp': {
          guard: 'followUpValid',
          target: 'savingFollowUp',
          actions: assign({ error: null }),
        },
        'board.followUpDone': {
          guard: 'hasFollowUp',
          target: 'savingFollowUp',
          actions: assign({ error: null }),
        },
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'addEntry',
        input: ({ context, event }) => {
          assertEvent(event, 'board.add');
          return { jobUuid: context.jobUuid, profile: event.profile };
        },
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ context, event }) => replaceEntries(context.entries, [event.output]),
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        src: 'moveEntries',
        input: ({ context, event }) => {
          assertEvent(event, 'board.move');
          const before = context.before ?? context.entries;
          return {
            jobUuid: context.jobUuid,
            entries: event.entries.map((id) => ({
              uuid: id,
              version: before.find((e) => e.uuid === id)?.version ?? 0,
            })),
            to: event.to,
            ...(event.to === 'rejected' ? { by: event.by ?? 'agency', reason: event.reason ?? '' } : {}),
            ...(event.to === 'withdrawn' && event.reason ? { reason: event.reason } : {}),
          };
        },
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              entries: replaceEntries(context.before ?? context.entries, event.output),
              before: null,
              selected: [],
              moved: { count: event.output.length, to: event.output[0]?.stage ?? 'proposed' },
              undoable:
                event.output.length > 0
                  ? event.output.map((e) => ({ uuid: e.uuid, version: e.version }))
                  : null,
            })),
            'movedNotice',
          ],
        },
        // Refused: back where the server says the entries are.
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: replaceEntries(context.before ?? context.entries, currentOf(event.error)),
            before: null,
            error: errorCodeOf(event.error),
            undoable: null,
          })),
        },
      },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        src: 'undoMoves',
        input: ({ context }) => ({ jobUuid: context.jobUuid, entries: context.undoable ?? [] }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: replaceEntries(context.entries, event.output),
            undoable: null,
          })),
        },
        // Refused (too late, moved since): the entries as they are, and why; nothing left to undo.
        onError: { target: 'ready', actions: ['showRefusal', assign({ undoable: null })] },
      },
    },
    correcting: {
      tags: ['busy'],
      invoke: {
        src: 'correctEntry',
        input: ({ context, event }) => {
          assertEvent(event, 'board.correct');
          const entry = context.entries.find((e) => e.uuid === event.entry);
          return {
            entry: event.entry,
            to: event.to,
            reason: event.reason.trim(),
            version: entry?.version ?? 0,
          };
        },
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ context, event }) => replaceEntries(context.entries, [event.output]),
          }),
        },
        onError: { target: 'ready', actions: 'showRefusal' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removeEntry',
        input: ({ context, event }) => {
          assertEvent(event, 'board.remove');
          const version = context.entries.find((e) => e.uuid === event.entry)?.version ?? 0;
          const reason = event.reason?.trim();
          return { entry: event.entry, version, ...(reason ? { reason } : {}) };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: context.entries.filter((e) => e.uuid !== event.output),
            selected: context.selected.filter((id) => id !== event.output),
          })),
        },
        onError: { target: 'ready', actions: 'showRefusal' },
      },
    },
    savingFollowUp: {
      tags: ['busy'],
      invoke: {
        src: 'saveFollowUp',
        input: ({ event }): FollowUpSave => {
          assertEvent(event, ['board.followUp', 'board.followUpDone']);
          if (event.type === 'board.followUpDone') return { entry: event.entry, done: true };
          // Cleared (no day): the time and the note go with it.
          const day = event.date;
          return {
            entry: event.entry,
            date: day,
            time: day ? (event.time ?? null) : null,
            note: day ? event.note?.trim() || null : null,
          };
        },
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ context, event }) => replaceEntries(context.entries, [event.output]),
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
  },
});

export type PipelineBoardActor = ActorRefFrom<typeof pipelineBoardMachine>;
export type PipelineBoardSnapshot = SnapshotFrom<typeof pipelineBoardMachine>;

/** The entries of one column. */
export function entriesIn(snapshot: PipelineBoardSnapshot, stage: PipelineStage): PipelineEntry[] {
  return snapshot.context.entries.filter((e) => e.stage === stage);
}
