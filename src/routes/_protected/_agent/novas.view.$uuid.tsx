import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/novas/view/$uuid')({
  loader: ({ context, params }) => candidateLogic(context.logic).detail('nova', params.uuid),
  component: function NovasDetail() {
    const logic = Route.useLoaderData();
    return (
      <CandidateDetailScreen
        type="nova"
        logic={logic}
        editor={<ProfileEditor actor={logic.editor} idPrefix="candidate-edit" />}
      />
    );
  },
});
