import { JOB_PAGE_SIZE } from '../../../contract/job-search';
import { fetchNearMisses, fetchResultDetail, fetchResults, listJobs } from '../../api/jobs';
import {
  type ResourceActor,
  type ResourceQuery,
  resourceActor,
  visitResource,
} from '../shared/resource.machine';
import { type AppLogic, areaLogic } from '../shell/app-logic';

// The job tables the routes load, built here so no route needs the API client. The jobs feature's
// provider (job-actors.ts) is to take these over; until then this is their one home.

const jobTables = areaLogic(({ api }) => ({
  requests: (query: ResourceQuery): ResourceActor =>
    visitResource(
      resourceActor(api, 'jobs', (q) => listJobs(api, { ...q, limit: JOB_PAGE_SIZE })),
      query,
    ),
  results: (jobUuid: string, query: ResourceQuery) => {
    const results = resourceActor(api, `results:${jobUuid}`, (q) =>
      fetchResults(api, jobUuid, { ...q, limit: JOB_PAGE_SIZE }),
    );
    results.send({ type: 'resource.load', query });
    const nearMisses = resourceActor(api, `near-misses:${jobUuid}`, () => fetchNearMisses(api, jobUuid));
    nearMisses.send({ type: 'resource.load', query: {} });
    return { results, nearMisses };
  },
  resultDetail: (jobUuid: string, query: ResourceQuery): ResourceActor => {
    const detail = resourceActor(api, `result:${jobUuid}`, (q) => {
      const { profile, ...filters } = q as { profile: string };
      return fetchResultDetail(api, jobUuid, profile, filters);
    });
    detail.send({ type: 'resource.load', query });
    return detail;
  },
}));

/** The jobs table (/matchingJob) — for a company, its job requests (also on its dashboard) — for the URL's query, fresh on every visit. */
export function jobRequestsList(app: AppLogic, query: ResourceQuery): ResourceActor {
  return jobTables(app).requests(query);
}

/** A job's results page: the ranked results for the URL's query and the near misses. */
export function jobResultsLists(app: AppLogic, jobUuid: string, query: ResourceQuery) {
  return jobTables(app).results(jobUuid, query);
}

/** One result's breakdown; `query` carries the results page's order and filters and the `profile`. */
export function jobResultDetail(app: AppLogic, jobUuid: string, query: ResourceQuery): ResourceActor {
  return jobTables(app).resultDetail(jobUuid, query);
}
