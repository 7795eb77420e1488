import { createFileRoute, notFound } from '@tanstack/react-router';
import { LEGAL_TEXTS, type LegalText } from '../../contract/legal-names';
import { legalLogic } from '../machines/legal/legal-actors';
import { LegalScreen } from '../ui/public/public';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

const isLegalText = (name: string): name is LegalText => (LEGAL_TEXTS as readonly string[]).includes(name);

export const Route = createFileRoute('/legal/$name')({
  beforeLoad: ({ params }) => {
    if (!isLegalText(params.name)) throw notFound();
  },
  loader: async ({ context, params }) => {
    const name = params.name as LegalText;
    return { name, texts: await legalLogic(context.logic).texts(name) };
  },
  pendingComponent: ContentSkeleton,
  pendingMs: 150,
  errorComponent: LoadFailed,
  component: function Legal() {
    const { name, texts } = Route.useLoaderData();
    return <LegalScreen name={name} texts={texts} />;
  },
});
