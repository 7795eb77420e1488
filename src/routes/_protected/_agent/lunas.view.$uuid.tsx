import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/lunas/view/$uuid')({
  loader: ({ context, params }) => candidateLogic(context.logic).detail('luna', params.uuid),
  component: function LunasDetail() {
    const logic = Route.useLoaderData();
    return (
      <CandidateDetailScreen
        type="luna"
        logic={logic}
        editor={<ProfileEditor actor={logic.editor} idPrefix="candidate-edit" />}
      />
    );
  },
});
