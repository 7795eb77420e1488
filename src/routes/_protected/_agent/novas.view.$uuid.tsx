import { createFileRoute } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';

export const Route = createFileRoute('/_protected/_agent/novas/view/$uuid')({
  loader: ({ context, params }) => candidateLogic(context.logic).detail('nova', params.uuid),
  component: function NovasDetail() {
    const logic = Route.useLoaderData();
    return <CandidateDetailScreen type="nova" logic={logic} />;
  },
});
