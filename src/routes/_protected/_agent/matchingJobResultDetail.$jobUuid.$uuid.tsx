import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobResultDetail } from '../../../machines/jobs/job-requests';
import { JobResultDetailScreen } from '../../../ui/jobs/job-result-detail';

export const Route = createFileRoute('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Previous and next follow the results page's order and filters, which the URL carries along.
  loader: ({ context, params, deps }) => ({
    detail: jobResultDetail(context.logic, params.jobUuid, { ...deps, profile: params.uuid }),
  }),
  component: function JobResultDetailRoute() {
    const { detail } = Route.useLoaderData();
    return <JobResultDetailScreen detail={detail} />;
  },
});
