import { createFileRoute, notFound } from '@tanstack/react-router';
import { LEGAL_TEXTS, type LegalText } from '../../contract/legal-names';
import { fetchLegalText } from '../api/legal';
import { LegalScreen } from '../ui/public/public';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

const isLegalText = (name: string): name is LegalText => (LEGAL_TEXTS as readonly string[]).includes(name);

export const Route = createFileRoute('/legal/$name')({
  beforeLoad: ({ params }) => {
    if (!isLegalText(params.name)) throw notFound();
  },
  // Both languages at once (a few kilobytes each): switching the language shows the other at once.
  loader: async ({ context, params }) => {
    const name = params.name as LegalText;
    const [de, en] = await Promise.all([
      fetchLegalText(context.api, name, 'de'),
      fetchLegalText(context.api, name, 'en'),
    ]);
    return { name, texts: { de, en } };
  },
  pendingComponent: ContentSkeleton,
  pendingMs: 150,
  errorComponent: LoadFailed,
  component: function Legal() {
    const { name, texts } = Route.useLoaderData();
    return <LegalScreen name={name} texts={texts} />;
  },
});
