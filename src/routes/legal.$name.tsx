import { createFileRoute, notFound } from '@tanstack/react-router';
import { LEGAL_TEXTS } from '../../contract/legal';
import { LegalScreen } from '../ui/screens/public';

export const Route = createFileRoute('/legal/$name')({
  beforeLoad: ({ params }) => {
    if (!(LEGAL_TEXTS as readonly string[]).includes(params.name)) throw notFound();
  },
  component: function Legal() {
    const { name } = Route.useParams();
    return <LegalScreen name={name} />;
  },
});
