import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { NewRecordScreen } from '../../../ui/profile/profile-editor';

// "Neu" on the novas table (issue 20): the profile form for a nova without an account.
export const Route = createFileRoute('/_protected/_agent/novas/new')({
  loader: ({ context }) => candidateLogic(context.logic).create('nova'),
  component: function NewNovaRoute() {
    const { t } = useLingui();
    const { editor } = Route.useLoaderData();
    return (
      <NewRecordScreen
        title={t`New nova`}
        actor={editor}
        idPrefix="new-nova"
        created={(uuid) => <Navigate to="/novas/view/$uuid" params={{ uuid }} replace />}
      />
    );
  },
});
