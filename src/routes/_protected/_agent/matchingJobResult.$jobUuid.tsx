import { createFileRoute } from '@tanstack/react-router';
import { fetchNearMisses, fetchResults } from '../../../api/jobs';
import { JOB_PAGE_SIZE, ResultsSearchSchema } from '../../../machines/job-search';
import { listActor } from '../../../machines/list.machine';
import { JobResults } from '../../../ui/jobs/job-results';

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the list machine's query.
  loader: ({ context, params, deps }) => {
    const { api } = context;
    const results = listActor(api, `results:${params.jobUuid}`, (query) =>
      fetchResults(api, params.jobUuid, { ...query, limit: JOB_PAGE_SIZE }),
    );
    results.send({ type: 'list.load', query: deps });
    const nearMisses = listActor(api, `near-misses:${params.jobUuid}`, () =>
      fetchNearMisses(api, params.jobUuid),
    );
    nearMisses.send({ type: 'list.load', query: {} });
    return { results, nearMisses };
  },
  component: function JobResultsRoute() {
    const { results, nearMisses } = Route.useLoaderData();
    return <JobResults results={results} nearMisses={nearMisses} />;
  },
});
