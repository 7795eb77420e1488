import {
  ClientAnswerConflictSchema,
  ClientAnswerSchema,
  ClientCandidateSchema,
  ClientJobCandidatesSchema,
  ClientJobsSchema,
  ClientUndoConflictSchema,
} from '../client-answers';
import { ID, route } from '../route-table';

/**
 * The company's side of the client loop (issue 21 point 5). A refused answer is a 409 whose body
 * carries `current`: the candidate as the company sees it now.
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
  candidates: route({
    method: 'GET',
    path: '/api/client/job/{uuid}/candidates',
    params: { uuid: ID },
    answer: { status: 200, json: ClientJobCandidatesSchema },
    errors: { 404: ['job.not_found'] },
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: the candidates sent to the company for one of its jobs, each with the card it got (anonymised or full, in German and English) and its answer; never scores, never candidates not sent',
  }),
  answer: route({
    method: 'POST',
    path: '/api/client/candidate/{entry}/answer',
    params: { entry: ID },
    body: ClientAnswerSchema,
    answer: { status: 200, json: ClientCandidateSchema },
    errors: {
      400: ['client.answer_invalid', 'field.too_long'],
      404: ['pipeline.entry_not_found'],
      409: ['client.already_answered', 'pipeline.transition_refused'],
    },
    conflict: ClientAnswerConflictSchema,
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: answer a candidate sent to the company, once: interested (the entry moves to interview) or not interested (rejected by the client, the comment as reason); the job’s agent is mailed',
  }),
  undo: route({
    method: 'POST',
    path: '/api/client/candidate/{entry}/answer/undo',
    params: { entry: ID },
    answer: { status: 200, json: ClientCandidateSchema },
    errors: { 404: ['pipeline.entry_not_found'], 409: ['client.change_expired', 'client.not_answered'] },
    conflict: ClientUndoConflictSchema,
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: take the answer to a candidate back within 10 minutes, while the agency has not changed the entry since: it awaits an answer again; afterwards only the agency changes it',
  }),
  card: route({
    method: 'GET',
    path: '/api/client/candidate/{entry}/card',
    params: { entry: ID },
    answer: { status: 200, media: 'application/pdf' },
    errors: { 404: ['pipeline.entry_not_found'] },
    who: 'company',
    tag: 'pipeline',
    summary:
      'Companies: the card of a candidate sent to the company, the same one it got, as PDF in the caller’s language',
  }),
} as const;
