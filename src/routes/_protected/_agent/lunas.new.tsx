import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { candidateLogic } from '../../../machines/candidates/candidate-actors';
import { NewRecordScreen } from '../../../ui/profile/profile-editor';

// "Neu" on the lunas table (issue 20): the profile form for a luna without an account.
export const Route = createFileRoute('/_protected/_agent/lunas/new')({
  loader: ({ context }) => candidateLogic(context.logic).create('luna'),
  component: function NewLunaRoute() {
    const { t } = useLingui();
    const { editor } = Route.useLoaderData();
    return (
      <NewRecordScreen
        title={t`New luna`}
        actor={editor}
        idPrefix="new-luna"
        created={(uuid) => <Navigate to="/lunas/view/$uuid" params={{ uuid }} replace />}
      />
    );
  },
});
