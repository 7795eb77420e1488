import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { companyLogic } from '../../../machines/companies/company-actors';
import { NewRecordScreen } from '../../../ui/profile/profile-editor';

// "Neu" on the companies table (issue 20): the company form for a company without an account.
export const Route = createFileRoute('/_protected/_agent/companies/new')({
  loader: ({ context }) => companyLogic(context.logic).create(),
  component: function NewCompanyRoute() {
    const { t } = useLingui();
    const { editor } = Route.useLoaderData();
    return (
      <NewRecordScreen
        title={t`New company`}
        actor={editor}
        idPrefix="new-company"
        created={(uuid) => <Navigate to="/companies/view/$uuid" params={{ uuid }} replace />}
      />
    );
  },
});
