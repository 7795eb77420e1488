import * as v from 'valibot';
import { type ActorRefFrom, and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Contact } from '../../../contract/client';
import { errorCodeOf } from '../../../contract/errors';
import {
  MAX_SEND_CANDIDATES,
  SendNoteSchema,
  type SendPreview,
  type SendRequest,
  type SendResult,
} from '../../../contract/submissions';

/**
 * A candidate chosen to go to the client: the profile's uuid and the name the agent sees; whether
 * they consented to be presented by name, and whether the agent chose their full card.
 */
export interface ChosenCandidate {
  uuid: string;
  name: string;
  consented?: boolean;
  full?: boolean;
}

export interface SendToClientContext {
  job: string;
  /** The job's client company; null: an internal search, nothing to send to. */
  client: string | null;
  selected: ChosenCandidate[];
  contacts: Contact[];
  /** The chosen contact's uuid (the default one first). */
  contact: string | null;
  /** The agent's personal line for the mail (issue 42), as typed; '' is none. */
  note: string;
  /** Why the personal line cannot go (a field code: too long, control characters), or null. */
  noteError: string | null;
  preview: SendPreview | null;
  sent: SendResult | null;
  error: string | null;
}

export type SendToClientEvent =
  | { type: 'send.toggle'; candidate: ChosenCandidate; selected: boolean }
  | { type: 'send.open'; client: string | null }
  | { type: 'send.contact'; contact: string }
  /** The personal line as typed; checked as the server checks it. */
  | { type: 'send.note'; note: string }
  /** The full card (named) for a candidate who consented, or back to the anonymised one. */
  | { type: 'send.full'; candidate: string; full: boolean }
  | { type: 'send.preview' }
  | { type: 'send.confirm' }
  | { type: 'send.back' }
  | { type: 'send.close' }
  | { type: 'send.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const requestOf = (context: SendToClientContext): { job: string; body: SendRequest } => {
  const full = context.selected.filter((c) => c.full).map((c) => c.uuid);
  const note = context.note.trim();
  return {
    job: context.job,
    body: {
      contact: context.contact ?? '',
      candidates: context.selected.map((c) => c.uuid),
      ...(full.length > 0 ? { full } : {}),
      ...(note ? { note } : {}),
    },
  };
};

/**
 * Sending candidates to a job's client (issue 21): the agent ticks candidates on the results page,
 * opens the dialog ("An Kunden senden"), which loads the client's contacts with the default one
 * chosen, takes the agent's optional personal line (issue 42; checked as the server checks it: a
 * refused one keeps the preview back), previews the mail in the contact's language and sends it. Cards are anonymised unless the
 * agent chooses the full card of a candidate who consented to be presented by name (the server
 * checks the consent again). A sent mail clears the selection and runs `candidatesSent`, which the
 * jobs provider wires to the job's pipeline board (the sent entries show in `submitted` at once).
 */
export const sendToClientMachine = setup({
  types: {
    context: {} as SendToClientContext,
    events: {} as SendToClientEvent,
    /** `selected`: the candidates chosen from the start (a result's page sends its one candidate). */
    input: {} as { job: string; selected?: ChosenCandidate[] },
  },
  actors: {
    loadContacts: fromPromise<Contact[], { client: string }>(async () => {
      throw new Error('loadContacts is provided by the app');
    }),
    previewMail: fromPromise<SendPreview, { job: string; body: SendRequest }>(async () => {
      throw new Error('previewMail is provided by the app');
    }),
    sendMail: fromPromise<SendResult, { job: string; body: SendRequest }>(async () => {
      throw new Error('sendMail is provided by the app');
    }),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'send.toggle');
      const others = context.selected.filter((c) => c.uuid !== event.candidate.uuid);
      return { selected: event.selected ? [...others, event.candidate] : others };
    }),
    takeClient: assign(({ event }) => {
      assertEvent(event, 'send.open');
      return { client: event.client, preview: null, sent: null, error: null };
    }),
    takeContacts: assign((_, contacts: Contact[]) => ({
      contacts,
      contact: (contacts.find((c) => c.isDefault) ?? contacts[0])?.uuid ?? null,
    })),
    setFull: assign(({ context, event }) => {
      assertEvent(event, 'send.full');
      return {
        selected: context.selected.map((c) => (c.uuid === event.candidate ? { ...c, full: event.full } : c)),
      };
    }),
    takeNote: assign(({ event }) => {
      assertEvent(event, 'send.note');
      const checked = v.safeParse(SendNoteSchema, event.note);
      return {
        note: event.note,
        noteError: checked.success ? null : checked.issues[0].message,
        preview: null,
      };
    }),
    chooseContact: assign(({ event }) => {
      assertEvent(event, 'send.contact');
      return { contact: event.contact, preview: null };
    }),
    takePreview: assign((_, preview: SendPreview) => ({ preview, error: null })),
    takeSent: assign((_, sent: SendResult) => ({ sent, selected: [], note: '', error: null })),
    /** The cards went out and the entries moved to `submitted`: the app tells who shows them (the board). */
    candidatesSent: (_, _sent: { job: string; candidates: string[] }) => {},
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    canOpen: ({ context, event }) => {
      assertEvent(event, 'send.open');
      return (
        event.client !== null && context.selected.length > 0 && context.selected.length <= MAX_SEND_CANDIDATES
      );
    },
    contactChosen: ({ context }) => context.contact !== null,
    noteValid: ({ context }) => context.noteError === null,
    hasConsented: ({ context, event }) => {
      assertEvent(event, 'send.full');
      return context.selected.some((c) => c.uuid === event.candidate && c.consented === true);
    },
    knownContact: ({ context, event }) => {
      assertEvent(event, 'send.contact');
      return context.contacts.some((c) => c.uuid === event.contact);
    },
  },
}).createMachine({
  id: 'sendToClient',
  context: ({ input }) => ({
    job: input.job,
    client: null,
    selected: input.selected ?? [],
    contacts: [],
    contact: null,
    note: '',
    noteError: null,
    preview: null,
    sent: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'send.toggle': { actions: 'toggle' },
        'send.open': { guard: 'canOpen', target: 'open', actions: 'takeClient' },
      },
    },
    open: {
      initial: 'loading',
      on: { 'send.close': { target: 'idle', actions: 'clearError' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadContacts',
            src: 'loadContacts',
            input: ({ context }) => ({ client: context.client ?? '' }),
            onDone: {
              target: 'choosing',
              actions: { type: 'takeContacts', params: ({ event }) => event.output },
            },
            onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
          },
        },
        loadFailed: { on: { 'send.retry': { target: 'loading', actions: 'clearError' } } },
        choosing: {
          on: {
            'send.contact': { guard: 'knownContact', actions: 'chooseContact' },
            'send.full': { guard: 'hasConsented', actions: 'setFull' },
            'send.note': { actions: 'takeNote' },
            'send.preview': {
              guard: and(['contactChosen', 'noteValid']),
              target: 'previewing',
              actions: 'clearError',
            },
          },
        },
        previewing: {
          tags: ['busy'],
          invoke: {
            id: 'previewMail',
            src: 'previewMail',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: 'previewed',
              actions: { type: 'takePreview', params: ({ event }) => event.output },
            },
            onError: { target: 'choosing', actions: { type: 'setError', params: errorOf } },
          },
        },
        previewed: {
          on: {
            'send.confirm': { target: 'sending', actions: 'clearError' },
            'send.back': { target: 'choosing', actions: 'clearError' },
          },
        },
        sending: {
          tags: ['busy'],
          // A mail on its way is not abandoned: closing waits until the answer came.
          on: { 'send.close': {} },
          invoke: {
            id: 'sendMail',
            src: 'sendMail',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: 'sent',
              actions: [
                {
                  type: 'candidatesSent',
                  params: ({ context }) => ({
                    job: context.job,
                    candidates: context.selected.map((c) => c.uuid),
                  }),
                },
                { type: 'takeSent', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'previewed', actions: { type: 'setError', params: errorOf } },
          },
        },
        sent: {},
      },
    },
  },
});

export type SendToClientActor = ActorRefFrom<typeof sendToClientMachine>;
export type SendToClientLogic = typeof sendToClientMachine;
