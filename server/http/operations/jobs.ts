import * as v from 'valibot';
import {
  JobConflictSchema,
  JobListResponseSchema,
  JobSchema,
  NearMissesResponseSchema,
  PreviewResponseSchema,
  ResultDetailSchema,
  ResultsResponseSchema,
  RunSchema,
  ShortlistResponseSchema,
} from '../../../contract/job';
import {
  agentJob,
  CATALOGUE_RULE,
  created,
  type DocumentedCode,
  forbidden,
  media,
  noContent,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

const RunAnswer = v.object({ run: v.nullable(RunSchema) });

/** A job call that also looks up something of the job: its run, a result, a profile. */
const jobAnd = (notFound: DocumentedCode) => ({ 403: forbidden, 404: ['job.not_found', notFound] }) as const;
const jobRun = jobAnd('run.not_found');

/** Jobs, their runs, results and shortlist. */
export const JOB_OPERATIONS: Record<string, OperationDoc> = {
  ...section('jobs', {
    'PUT /api/job': op(
      'Create a job (a company: at most 20 requests a day)',
      created(JobSchema),
      {
        400: ['client.not_found', 'client.agent_only'],
        403: forbidden,
        429: ['cap.job_requests'],
      },
      { description: CATALOGUE_RULE },
    ),
    'GET /api/jobs/list': op(
      'The jobs the caller may see',
      ok(JobListResponseSchema),
      { 403: forbidden },
      {
        description:
          'A company sees its own requests without scores and cannot sort by them: `sort=best_score` answers it 400 `request.invalid` with `fields.sort: ["query.invalid"]`, as a sort the list does not have would.',
      },
    ),
    'POST /api/job/preview': op(
      'What-if: how many profiles an unsaved job would match',
      ok(PreviewResponseSchema),
      {
        403: forbidden,
        429: ['cap.previews'],
      },
      { description: CATALOGUE_RULE },
    ),
    'POST /api/job/changestatus/{uuid}': op("Change a job's status", ok(JobSchema), agentJob),
    'GET /api/job/showresults/{id}': op(
      "A job's matching results (JSON, or CSV with format=csv)",
      ok(ResultsResponseSchema),
      agentJob,
      {
        alsoSuccess: [{ status: 200, media: 'text/csv', description: 'With format=csv: the results as CSV' }],
      },
    ),
    'GET /api/job/showresultsdetail/{job}/{profile}': op(
      "One result's breakdown",
      ok(ResultDetailSchema),
      jobAnd('result.not_found'),
    ),
    'GET /api/job/{uuid}': op('A job', ok(JobSchema), agentJob),
    'POST /api/job/{uuid}': op(
      'Update a job (409 on a version conflict, an archived job, or a client change with open submissions)',
      ok(JobSchema),
      {
        ...agentJob,
        400: ['client.not_found', 'client.request_fixed'],
        409: ['job.version_conflict', 'job.archived', 'job.client_has_submissions'],
      },
      { conflict: JobConflictSchema, description: CATALOGUE_RULE },
    ),
    'DELETE /api/job/{uuid}': op('Delete a job', noContent, agentJob),
    'POST /api/job/{uuid}/take': op(
      'Agents: work on the job (a company request stops waiting for an agent)',
      ok(JobSchema),
      { ...agentJob, 409: ['job.taken'] },
    ),
    'POST /api/job/{uuid}/run': op(
      'Start a matching run (at most 10 queued per agent)',
      { status: 202, json: RunAnswer },
      { ...agentJob, 409: ['job.archived'], 429: ['cap.runs_queued'] },
    ),
    'GET /api/job/{uuid}/run': op("The job's latest run", ok(RunAnswer), jobRun),
    'GET /api/job/{uuid}/run/events': op(
      "The run's progress as server-sent events (at most 10 open per user)",
      media('text/event-stream'),
      { ...jobRun, 429: ['cap.streams'] },
    ),
    'GET /api/job/{uuid}/near-misses': op(
      'Profiles that failed one must criterion',
      ok(NearMissesResponseSchema),
      agentJob,
    ),
    'PUT /api/job/{uuid}/shortlist/{profile}': op(
      'Shortlist a result',
      ok(ShortlistResponseSchema),
      jobAnd('profile.not_found'),
    ),
    'DELETE /api/job/{uuid}/shortlist/{profile}': op(
      'Remove a result from the shortlist',
      noContent,
      agentJob,
    ),
  }),
};
