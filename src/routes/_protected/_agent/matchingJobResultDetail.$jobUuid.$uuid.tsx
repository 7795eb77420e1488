import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { fetchResultDetail } from '../../../api/jobs';
import { resourceActor } from '../../../machines/shared/resource.machine';
import { JobResultDetailScreen } from '../../../ui/jobs/job-result-detail';

export const Route = createFileRoute('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Previous and next follow the results page's order and filters, which the URL carries along.
  loader: ({ context, params, deps }) => {
    const { api } = context;
    const detail = resourceActor(api, `result:${params.jobUuid}`, (query) => {
      const { profile, ...filters } = query as { profile: string };
      return fetchResultDetail(api, params.jobUuid, profile, filters);
    });
    detail.send({ type: 'resource.load', query: { ...deps, profile: params.uuid } });
    return { detail };
  },
  component: function JobResultDetailRoute() {
    const { detail } = Route.useLoaderData();
    return <JobResultDetailScreen detail={detail} />;
  },
});
