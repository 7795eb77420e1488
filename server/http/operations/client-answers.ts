import {
  ClientAnswerConflictSchema,
  ClientCandidateSchema,
  ClientJobCandidatesSchema,
  ClientJobsSchema,
  ClientUndoConflictSchema,
} from '../../../contract/client-answers';
import { forbidden, media, type OperationDoc, ok, op, section } from '../operation-doc';

/** The company's side of the client loop (issue 21 point 5, contract/client-answers.ts): companies only. */
export const CLIENT_ANSWER_OPERATIONS: Record<string, OperationDoc> = {
  ...section('pipeline', {
    'GET /api/client/jobs': op(
      'Companies: the jobs the company is the client of (its requests, and jobs agents run for it), with how many candidates were sent and how many await its answer',
      ok(ClientJobsSchema),
      { 403: forbidden },
    ),
    'GET /api/client/job/{uuid}/candidates': op(
      'Companies: the candidates sent to the company for one of its jobs, each with the card it got (anonymised or full, in German and English) and its answer; never scores, never candidates not sent',
      ok(ClientJobCandidatesSchema),
      { 403: forbidden, 404: ['job.not_found'] },
    ),
    'POST /api/client/candidate/{entry}/answer': op(
      'Companies: answer a candidate sent to the company, once: interested (the entry moves to interview) or not interested (rejected by the client, the comment as reason); the job’s agent is mailed',
      ok(ClientCandidateSchema),
      {
        400: ['client.answer_invalid', 'field.too_long'],
        403: forbidden,
        404: ['pipeline.entry_not_found'],
        409: ['client.already_answered', 'pipeline.transition_refused'],
      },
      { conflict: ClientAnswerConflictSchema },
    ),
    'POST /api/client/candidate/{entry}/answer/undo': op(
      'Companies: take the answer to a candidate back within 10 minutes, while the agency has not changed the entry since: it awaits an answer again; afterwards only the agency changes it',
      ok(ClientCandidateSchema),
      {
        403: forbidden,
        404: ['pipeline.entry_not_found'],
        409: ['client.change_expired', 'client.not_answered'],
      },
      { conflict: ClientUndoConflictSchema },
    ),
    'GET /api/client/candidate/{entry}/card': op(
      'Companies: the card of a candidate sent to the company, the same one it got, as PDF in the caller’s language',
      media('application/pdf'),
      { 403: forbidden, 404: ['pipeline.entry_not_found'] },
    ),
  }),
};
