import { ID, route } from '../route-table';
import { SendPreviewSchema, SendRequestSchema, SendResultSchema } from '../sending';

/** What a send is refused for, beside who may call. */
const refused = {
  400: ['send.candidates_empty', 'send.too_many', 'send.full_not_sent'],
  404: ['job.not_found', 'contact.not_found', 'profile.not_found'],
  409: ['send.no_client', 'contact.no_email', 'card.consent_missing', 'send.sent_to_other_client'],
} as const;

/** What a schema cannot say of a send's body: `full` is a part of `candidates`. */
const SEND_RULE =
  "`full` names only candidates that are also in `candidates` (else 400 `request.invalid`, `fields.full`: `send.full_not_sent`). `note`, the agent's personal line, goes into the mail after the salutation and onto the timeline's `card.sent`; the mail salutes the contact formally and links each card to its answer on `/clientCandidates/{job}?card={reference}`.";

/** Candidates' cards to a client's contact (issue 21, point 4). */
export const SENDING = {
  preview: route({
    method: 'POST',
    path: '/api/job/{uuid}/send/preview',
    params: { uuid: ID },
    body: SendRequestSchema,
    answer: { status: 200, json: SendPreviewSchema },
    errors: refused,
    who: 'agent',
    tag: 'jobs',
    summary:
      "Agents: the mail that would send these candidates' cards to a contact of the job's client, in the contact's language",
    description: SEND_RULE,
  }),
  send: route({
    method: 'POST',
    path: '/api/job/{uuid}/send',
    params: { uuid: ID },
    body: SendRequestSchema,
    answer: { status: 201, json: SendResultSchema },
    // The job's client is checked again in the send's transaction, and the same send a moment ago refused.
    errors: { ...refused, 409: [...refused[409], 'send.client_changed', 'send.duplicate'] },
    who: 'agent',
    tag: 'jobs',
    summary:
      "Agents: send the candidates' cards (anonymised; full only with consent) in one mail to the client's contact",
    description: `${SEND_RULE} The same send (contact, candidates, full cards) of the job within 10 minutes is refused: 409 \`send.duplicate\`, nothing is sent again.`,
  }),
} as const;
