import { type ApiRoute, ID, route } from '../route-table';
import {
  ClientAnswerConflictSchema,
  ClientAnswerSchema,
  ClientJobsSchema,
  ClientUndoConflictSchema,
  JobSubmissionsSchema,
  OwnSubmissionsSchema,
  SendPreviewSchema,
  SendRequestSchema,
  SendResultSchema,
  SubmissionSchema,
} from '../submissions';

// The client loop's calls (contract/submissions.ts), by who makes them: an agent submits (SENDING),
// the client answers its submissions (CLIENT_ANSWERS), a candidate reads their own (OWN_SUBMISSIONS).

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

/**
 * The company's side of the client loop (issue 21 point 5). A refused answer is a 409 whose body
 * carries `current`: the submission as the company sees it now.
 */
export const CLIENT_ANSWERS = {
  jobs: route({
    method: 'GET',
    path: '/api/client/jobs',
    answer: { status: 200, json: ClientJobsSchema },
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: the jobs the company is the client of (its requests, and jobs agents run for it), with how many candidates were sent and how many await its answer',
  }),
  submissions: route({
    method: 'GET',
    path: '/api/client/job/{uuid}/submissions',
    params: { uuid: ID },
    answer: { status: 200, json: JobSubmissionsSchema },
    errors: { 404: ['job.not_found'] },
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: the submissions of one of its jobs (the candidates sent to the company), each with the card it got (anonymised or full, in German and English) and its answer; never scores, never candidates not sent',
  }),
  answer: route({
    method: 'POST',
    path: '/api/client/submission/{entry}/answer',
    invalidates: (): readonly ApiRoute[] => [CLIENT_ANSWERS.submissions, CLIENT_ANSWERS.jobs],
    params: { entry: ID },
    body: ClientAnswerSchema,
    answer: { status: 200, json: SubmissionSchema },
    errors: {
      400: ['client.answer_invalid', 'field.too_long'],
      404: ['pipeline.entry_not_found'],
      409: ['client.already_answered', 'pipeline.transition_refused'],
    },
    conflict: ClientAnswerConflictSchema,
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: answer a submission (a candidate sent to the company) once: interested (the entry moves to interview) or not interested (rejected by the client, the comment as reason); the job’s agent is mailed',
  }),
  undo: route({
    method: 'POST',
    path: '/api/client/submission/{entry}/answer/undo',
    invalidates: (): readonly ApiRoute[] => [CLIENT_ANSWERS.submissions, CLIENT_ANSWERS.jobs],
    params: { entry: ID },
    answer: { status: 200, json: SubmissionSchema },
    errors: { 404: ['pipeline.entry_not_found'], 409: ['client.change_expired', 'client.not_answered'] },
    conflict: ClientUndoConflictSchema,
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: take the answer to a submission back within 10 minutes, while the agency has not changed the entry since: it awaits an answer again; afterwards only the agency changes it',
  }),
  card: route({
    method: 'GET',
    path: '/api/client/submission/{entry}/card',
    params: { entry: ID },
    answer: { status: 200, media: 'application/pdf' },
    errors: { 404: ['pipeline.entry_not_found'] },
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: the card of a submission, the same one the company got, as PDF in the caller’s language',
  }),
} as const;

/** A candidate's own profile: how far it got and where it was sent. */
export const OWN_SUBMISSIONS = {
  list: route({
    method: 'GET',
    path: '/api/profile/submissions',
    answer: { status: 200, json: OwnSubmissionsSchema },
    who: 'candidate',
    tag: 'profile',
    summary:
      "Candidates: how far their own profile got (registered, visible, matched, proposed, sent, answered) and every time it was sent to a company — the date, the card, the company's name only for a full card, the status",
    description: 'Each their own profile.',
  }),
} as const;
