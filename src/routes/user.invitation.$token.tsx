import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationScreen } from '../ui/invitation/accept-invitation';

// An agent's invitation link (issue 20): public, the page checks the link itself.
export const Route = createFileRoute('/user/invitation/$token')({
  component: function AcceptInvitationRoute() {
    const { token } = Route.useParams();
    return <AcceptInvitationScreen token={token} />;
  },
});
