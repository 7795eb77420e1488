import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { JobResults } from '../../../ui/jobs/job-results';

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, params, deps }) => ({
    page: jobsLogic(context.logic).resultsPage(params.jobUuid, deps),
  }),
  component: function JobResultsRoute() {
    const { jobUuid } = Route.useParams();
    const { page } = Route.useLoaderData();
    // Another job is another job actor: its state starts afresh.
    return <JobResults key={jobUuid} page={page} />;
  },
});
