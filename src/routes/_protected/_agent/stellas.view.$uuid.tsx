import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';
import { CandidateJobs } from '../../../ui/pipeline/candidate-jobs';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/stellas/view/$uuid')({
  loader: async ({ context, params }) => ({
    ...(await candidateLogic(context.logic).detail('stella', params.uuid)),
    pipelineJobs: pipelineLogic(context.logic).candidateJobs(params.uuid),
  }),
  component: function StellasDetail() {
    const logic = Route.useLoaderData();
    return (
      <CandidateDetailScreen
        type="stella"
        logic={logic}
        pipeline={<CandidateJobs list={logic.pipelineJobs} />}
        editor={<ProfileEditor actor={logic.editor} idPrefix="candidate-edit" owner="other" />}
      />
    );
  },
});
