import { createFileRoute } from '@tanstack/react-router';
import { candidateDetail } from '../../../machines/candidates/candidate-actors';
import { CandidateDetailScreen } from '../../../ui/candidates/candidate-detail';

export const Route = createFileRoute('/_protected/_agent/novas/view/$uuid')({
  loader: ({ context, params }) => candidateDetail(context.api, context.session, 'nova', params.uuid),
  component: function NovasDetail() {
    const logic = Route.useLoaderData();
    return <CandidateDetailScreen type="nova" logic={logic} />;
  },
});
