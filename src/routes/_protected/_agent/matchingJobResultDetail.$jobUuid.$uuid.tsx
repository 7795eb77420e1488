import { createFileRoute } from '@tanstack/react-router';
import { ResultsSearchSchema } from '../../../../contract/job-search';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { JobResultDetailScreen } from '../../../ui/jobs/job-result-detail';
import { AddToPipeline } from '../../../ui/pipeline/add-to-pipeline';

export const Route = createFileRoute('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid')({
  validateSearch: ResultsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Previous and next follow the results page's order and filters, which the URL carries along. The
  // job's pipeline board loads with the page: the result's "add to the pipeline" reads it.
  loader: ({ context, params, deps }) => ({
    ...jobsLogic(context.logic).resultDetail(params.jobUuid, params.uuid, deps),
    board: pipelineLogic(context.logic).board(params.jobUuid),
  }),
  component: function JobResultDetailRoute() {
    const { detail, sending, board } = Route.useLoaderData();
    return (
      <JobResultDetailScreen
        detail={detail}
        sending={sending}
        addToPipeline={(profile) => (
          <AddToPipeline board={board} profile={profile.uuid} name={profile.name} />
        )}
      />
    );
  },
});
