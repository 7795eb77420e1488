import { createFileRoute } from '@tanstack/react-router';
import { legalLogic } from '../machines/legal/legal-actors';
import { AboutScreen } from '../ui/public/about';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

export const Route = createFileRoute('/about')({
  // The same AGENCY_* settings as Impressum, Datenschutz and AGB.
  loader: ({ context }) => legalLogic(context.logic).agency(),
  pendingComponent: ContentSkeleton,
  pendingMs: 150,
  errorComponent: LoadFailed,
  component: function About() {
    return <AboutScreen agency={Route.useLoaderData()} />;
  },
});
