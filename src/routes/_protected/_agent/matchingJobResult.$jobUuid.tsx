import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { timelineLogic } from '../../../machines/timeline/timeline-actors';
import { Timeline } from '../../../ui/components/timeline';
import { JobResults } from '../../../ui/jobs/job-results';

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, params, deps }) => ({
    page: jobsLogic(context.logic).resultsPage(params.jobUuid, deps),
    timeline: timelineLogic(context.logic).of('job', params.jobUuid),
  }),
  component: function JobResultsRoute() {
    const { jobUuid } = Route.useParams();
    const { page, timeline } = Route.useLoaderData();
    // Another job is another job actor: its state starts afresh. The job's timeline goes below.
    return <JobResults key={jobUuid} page={page} after={<Timeline logic={timeline} />} />;
  },
});
