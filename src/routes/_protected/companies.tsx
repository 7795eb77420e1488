import { createFileRoute } from '@tanstack/react-router';
import { CompanyListSearchSchema } from '../../../contract/company-search';
import { companyList } from '../../machines/agents/agent-workspace';
import { isAgent } from '../../machines/session/token';
import { CompanyListScreen } from '../../ui/companies/companies';
import { CompaniesScreen } from '../../ui/dashboard/workspace-screens';

// SEED-SPEC §2 keeps companies open to the whole protected group: a company sees its own profile, an
// agent the companies table (PRODUCT.md §6), anybody else a pointer back. Only agents load the table
// (the server answers 403 to everyone else anyway).
export const Route = createFileRoute('/_protected/companies')({
  validateSearch: CompanyListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const claims = context.session.getSnapshot().context.claims;
    return { list: claims && isAgent(claims) ? companyList(context.api, deps) : null };
  },
  component: function CompaniesRoute() {
    const { list } = Route.useLoaderData();
    return list ? <CompanyListScreen list={list} /> : <CompaniesScreen />;
  },
});
