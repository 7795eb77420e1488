import { SendPreviewSchema, SendResultSchema } from '../../../contract/sending';
import { created, forbidden, type OperationDoc, ok, op, section } from '../operation-doc';

/** Sending cards to a job's client (contract/sending.ts). */
const sendRefused = {
  400: ['send.candidates_empty', 'send.too_many', 'send.full_not_sent'],
  403: forbidden,
  404: ['job.not_found', 'contact.not_found', 'profile.not_found'],
  409: ['send.no_client', 'contact.no_email', 'card.consent_missing', 'send.sent_to_other_client'],
} as const;

/** What a schema cannot say of a send's body: `full` is a part of `candidates`. */
const SEND_RULE =
  "`full` names only candidates that are also in `candidates` (else 400 `request.invalid`, `fields.full`: `send.full_not_sent`). `note`, the agent's personal line, goes into the mail after the salutation and onto the timeline's `card.sent`; the mail salutes the contact formally and links each card to its answer on `/clientCandidates/{job}?card={reference}`.";

/** Candidates' cards to a client's contact (issue 21, point 4). */
export const SENDING_OPERATIONS: Record<string, OperationDoc> = {
  ...section('jobs', {
    'POST /api/job/{uuid}/send/preview': op(
      "Agents: the mail that would send these candidates' cards to a contact of the job's client, in the contact's language",
      ok(SendPreviewSchema),
      sendRefused,
      { description: SEND_RULE },
    ),
    'POST /api/job/{uuid}/send': op(
      "Agents: send the candidates' cards (anonymised; full only with consent) in one mail to the client's contact",
      created(SendResultSchema),
      // The job's client is checked again in the send's transaction, and the same send a moment ago refused.
      { ...sendRefused, 409: [...sendRefused[409], 'send.client_changed', 'send.duplicate'] },
      {
        description: `${SEND_RULE} The same send (contact, candidates, full cards) of the job within 10 minutes is refused: 409 \`send.duplicate\`, nothing is sent again.`,
      },
    ),
  }),
};
