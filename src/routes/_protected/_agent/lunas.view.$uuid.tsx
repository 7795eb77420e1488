import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';

export const Route = createFileRoute('/_protected/_agent/lunas/view/$uuid')({
  loader: ({ context, params }) => candidateLogic(context.logic).detail('luna', params.uuid),
  component: function LunasDetail() {
    const logic = Route.useLoaderData();
    return <CandidateDetailScreen type="luna" logic={logic} />;
  },
});
