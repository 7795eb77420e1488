import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/stellas/view/$uuid')({
  loader: ({ context, params }) => candidateLogic(context.logic).detail('stella', params.uuid),
  component: function StellasDetail() {
    const logic = Route.useLoaderData();
    return (
      <CandidateDetailScreen
        type="stella"
        logic={logic}
        editor={<ProfileEditor actor={logic.editor} idPrefix="candidate-edit" />}
      />
    );
  },
});
