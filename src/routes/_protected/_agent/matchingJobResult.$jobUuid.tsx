import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobLogic } from '../../../machines/jobs/job-logic';
import { jobResultsLists } from '../../../machines/jobs/job-requests';
import { JobResults } from '../../../ui/jobs/job-results';

const workspaceRoute = getRouteApi('/_protected');

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, params, deps }) => jobResultsLists(context.logic, params.jobUuid, deps),
  component: function JobResultsRoute() {
    const { jobUuid } = Route.useParams();
    // Another job is another job actor: its state starts afresh.
    return <JobResultsPage key={jobUuid} jobUuid={jobUuid} />;
  },
});

/**
 * The job actor of the results page, wired to the route: a finished run makes both tables load
 * again, and `job.duplicate` opens the editor on a copy through the router.
 */
function JobResultsPage({ jobUuid }: { jobUuid: string }) {
  const { results, nearMisses } = Route.useLoaderData();
  const { logic } = Route.useRouteContext();
  const { fields } = workspaceRoute.useLoaderData();
  const router = useRouter();
  const job = useActorRef(
    jobLogic(logic).job(false, {
      resultsReplaced: () => {
        results.send({ type: 'resource.reload' });
        nearMisses.send({ type: 'resource.reload' });
      },
      openCopy: (uuid) => void router.navigate({ to: '/duplicate/$jobUuid', params: { jobUuid: uuid } }),
    }),
    { input: { uuid: jobUuid, fields: fields.job, asCompany: false } },
  );
  return <JobResults job={job} results={results} nearMisses={nearMisses} />;
}
