import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { JobResultDetailScreen } from '../../../ui/jobs/job-result-detail';

export const Route = createFileRoute('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Previous and next follow the results page's order and filters, which the URL carries along.
  loader: ({ context, params, deps }) => ({
    detail: jobsLogic(context.logic).resultDetail(params.jobUuid, params.uuid, deps),
  }),
  component: function JobResultDetailRoute() {
    const { detail } = Route.useLoaderData();
    return <JobResultDetailScreen detail={detail} />;
  },
});
