import { type ActorRefFrom, type AnyActorLogic, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { REQUIRED_ACCEPTANCES } from '../../../contract/account';
import { errorCodeOf } from '../../../contract/errors';
import { InvitationAcceptSchema, type InvitationInfo } from '../../../contract/people';
import { formMachine } from '../shared/form.machine';

/**
 * user/invitation/{token}: the form where an invited person sets a password and accepts the terms
 * (the one form machine; `accepted` is "yes" once the terms box is ticked). Its call is the
 * acceptance, which signs the person in.
 */
export const acceptInvitationForm = formMachine(
  'acceptInvitation',
  InvitationAcceptSchema,
  { password: '', accepted: '' },
  {
    prepare: ({ accepted, ...rest }) => ({
      ...rest,
      accepted: accepted === 'yes' ? [...REQUIRED_ACCEPTANCES] : [],
    }),
  },
);

/** A link that can never be accepted: unknown or replaced, used, expired. */
export const REFUSED_LINK_CODES = ['invitation.not_found', 'invitation.used', 'invitation.expired'] as const;

export interface InvitationContext {
  /** The language the page was opened in: the new account's language. */
  language: 'de' | 'en';
  info: InvitationInfo | null;
  /** Why the link cannot be used, or why checking it failed (translated by the UI). */
  error: string | null;
}

export type InvitationEvent = { type: 'invitation.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * An invitation link (issue 20): checking it → open (the accept form runs as `form`) | refused (used,
 * expired, unknown: nothing to do but read why) | failed (the check did not get through: retry).
 */
export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as { language: 'de' | 'en' },
    tags: {} as 'busy',
  },
  actors: {
    checkInvitation: fromPromise<InvitationInfo>(async () => {
      throw new Error('checkInvitation is provided by the app');
    }),
    acceptForm: acceptInvitationForm.machine as AnyActorLogic,
  },
  actions: {
    takeInfo: assign((_, info: InvitationInfo) => ({ info, error: null })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    isRefusedLink: (_, error: unknown) =>
      (REFUSED_LINK_CODES as readonly string[]).includes(errorCodeOf(error)),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ language: input.language, info: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkInvitation',
        onDone: {
          target: 'open',
          actions: {
            type: 'takeInfo',
            params: ({ event }: { event: { output: InvitationInfo } }) => event.output,
          },
        },
        onError: [
          {
            guard: { type: 'isRefusedLink', params: errorOf },
            target: 'refused',
            actions: { type: 'setError', params: errorOf },
          },
          { target: 'failed', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    failed: { on: { 'invitation.retry': { target: 'checking', actions: 'clearError' } } },
    refused: {},
    open: {
      invoke: {
        id: 'form',
        src: 'acceptForm',
        input: ({ context }: { context: InvitationContext }) => ({
          values: { password: '', accepted: '' },
          fixed: { language: context.language },
        }),
      },
    },
  },
});

export type InvitationActor = ActorRefFrom<typeof invitationMachine>;
export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;
