import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { NewRecordScreen } from '../../../ui/profile/profile-editor';

// "Neu" on the stellas table (issue 20): the profile form for a stella without an account.
export const Route = createFileRoute('/_protected/_agent/stellas/new')({
  loader: ({ context }) => candidateLogic(context.logic).create('stella'),
  component: function NewStellaRoute() {
    const { t } = useLingui();
    const { editor } = Route.useLoaderData();
    return (
      <NewRecordScreen
        title={t`New stella`}
        actor={editor}
        idPrefix="new-stella"
        created={(uuid) => <Navigate to="/stellas/view/$uuid" params={{ uuid }} replace />}
      />
    );
  },
});
