import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { pipelineLogic } from '../../../machines/pipeline/pipeline-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';
import { CandidateJobs } from '../../../ui/pipeline/candidate-jobs';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/lunas/view/$uuid')({
  loader: async ({ context, params }) => ({
    ...(await candidateLogic(context.logic).detail('luna', params.uuid)),
    pipelineJobs: pipelineLogic(context.logic).candidateJobs(params.uuid),
  }),
  component: function LunasDetail() {
    const logic = Route.useLoaderData();
    return (
      <CandidateDetailScreen
        type="luna"
        logic={logic}
        pipeline={<CandidateJobs list={logic.pipelineJobs} />}
        editor={<ProfileEditor actor={logic.editor} idPrefix="candidate-edit" owner="other" />}
      />
    );
  },
});
