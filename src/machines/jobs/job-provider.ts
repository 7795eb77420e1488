import { fromPromise } from 'xstate';
import { CLIENTS } from '../../../contract/endpoints/clients';
import { JOBS } from '../../../contract/endpoints/jobs';
import { SENDING } from '../../../contract/endpoints/submissions';
import { JOB_PAGE_SIZE, type JobListSearch, type ResultsSearch } from '../../../contract/job-search';
import { send } from '../../api/client';
import { pipelineLogic } from '../pipeline/pipeline-actors';
import { resourceActor, visitResource } from '../shared/resource-registry';
import { submissionMachine } from '../shared/submission.machine';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { sendToClientMachine } from '../submissions/send-to-client.machine';
import { jobActors, resultActions } from './job-actors';
import { jobLifecycleMachine } from './job-lifecycle.machine';

/**
 * The jobs feature's actors, all made here (STYLE.md "Layout"): routes and screens receive them ready
 * and never see the API. One job is `jobLifecycleMachine` with its `form` child (job-form.machine.ts).
 */
export const jobsLogic = areaLogic(({ api, app }) => {
  const jobFor = (asCompany: boolean) =>
    jobLifecycleMachine.provide({ actors: jobActors(api, { asCompany }) });
  const jobsTable = () =>
    resourceActor(api, { route: JOBS.list }, (query) =>
      send(api, JOBS.list, { query: { ...query, limit: JOB_PAGE_SIZE } }),
    );
  /**
   * "An Kunden senden": the ticked candidates' cards to a contact of the job's client (the results
   * page's selection, or a result's own page). A sent mail moved their entries to `submitted`: the
   * job's pipeline board loads again.
   */
  const sending = sendToClientMachine.provide({
    actions: { candidatesSent: (_, { job }) => pipelineLogic(app).candidatesSent(job) },
    actors: {
      loadContacts: fromPromise(
        async ({ input }) => (await send(api, CLIENTS.contacts, { params: { uuid: input.client } })).items,
      ),
      previewMail: fromPromise(({ input }) =>
        send(api, SENDING.preview, { params: { uuid: input.job }, body: input.body }),
      ),
      sendMail: fromPromise(({ input }) =>
        send(api, SENDING.send, { params: { uuid: input.job }, body: input.body }),
      ),
    },
  });
  // The results page of the job last opened: its machines stay the same while only the URL's query changes.
  let page: { jobUuid: string; parts: ReturnType<typeof resultsPageOf> } | null = null;

  /**
   * The results page of one job: the job (its runs, status, duplicate), the ranked results and the
   * near misses and the CSV download (the pipeline's board, `pipelineLogic`, took the stars' place). A
   * finished run replaced the results: the job reloads both lists itself.
   */
  function resultsPageOf(jobUuid: string) {
    const results = resourceActor(api, { route: JOBS.results, params: { id: jobUuid } }, (query) =>
      send(api, JOBS.results, {
        params: { id: jobUuid },
        query: { ...query, format: undefined, limit: JOB_PAGE_SIZE },
      }),
    );
    const nearMisses = resourceActor(api, { route: JOBS.nearMisses, params: { uuid: jobUuid } }, () =>
      send(api, JOBS.nearMisses, { params: { uuid: jobUuid } }),
    );
    const reloadResults = () => results.send({ type: 'resource.reload' });
    const actions = resultActions(api, jobUuid);
    return {
      job: jobLifecycleMachine.provide({
        actors: jobActors(api, { asCompany: false }),
        actions: {
          // No call of ours changed them: the run's events said it finished (the server's work), so
          // no route's `invalidates` can say it; the page's own two resources load again.
          resultsReplaced: () => {
            reloadResults();
            nearMisses.send({ type: 'resource.reload' });
          },
        },
      }),
      results,
      nearMisses,
      csv: submissionMachine.provide({ actors: { submit: actions.downloadCsv } }),
      sending,
    };
  }

  return {
    /** The editor's job (newJob, editJob, duplicate): an agent's, or a company's request form. */
    editor: { agent: jobFor(false), company: jobFor(true) },
    /** matchingJob: the jobs table at the URL's query, fresh on every visit; for a company its requests (also on its dashboard). */
    jobList: (search: JobListSearch) => visitResource(jobsTable(), search),
    /** An agent takes a job (a company request stops waiting); the jobs table reloads (JOBS.take `invalidates` it). */
    take: () => submissionActor((uuid: string) => send(api, JOBS.take, { params: { uuid } })),
    /** matchingJobResult/{uuid} at the URL's query; the near misses load once per visit. */
    resultsPage(jobUuid: string, search: ResultsSearch) {
      if (page?.jobUuid !== jobUuid) page = { jobUuid, parts: resultsPageOf(jobUuid) };
      page.parts.results.send({ type: 'resource.load', query: search });
      page.parts.nearMisses.send({ type: 'resource.load', query: {} });
      return page.parts;
    },
    /** matchingJobResultDetail: one result, with previous and next in the results page's order and filters. */
    resultDetail(jobUuid: string, profile: string, search: ResultsSearch) {
      const detail = resourceActor(api, { route: JOBS.resultDetail, params: { job: jobUuid } }, (query) => {
        const { profile: of, ...filters } = query as { profile: string };
        const order = { ...filters, page: undefined, limit: undefined, format: undefined };
        return send(api, JOBS.resultDetail, { params: { job: jobUuid, profile: of }, query: order });
      });
      detail.send({ type: 'resource.load', query: { ...search, profile } });
      return { detail, sending };
    },
  };
});
