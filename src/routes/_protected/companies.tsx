import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { CompanyListSearchSchema } from '../../../contract/company-search';
import { companyLogic } from '../../machines/companies/company-actors';
import { isAgent } from '../../machines/session/token';
import { CompanyListScreen } from '../../ui/companies/companies';
import { Screen } from '../../ui/components/screen';
import { ProfileEditor } from '../../ui/profile/profile-editor';

const signedInRoute = getRouteApi('/_protected');

// SEED-SPEC §2 keeps companies open to the whole protected group: a company sees its own profile, an
// agent the companies table (PRODUCT.md §6), anybody else a pointer back. Only agents load the table
// (the server answers 403 to everyone else anyway).
export const Route = createFileRoute('/_protected/companies')({
  validateSearch: CompanyListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const claims = context.session.getSnapshot().context.claims;
    return { list: claims && isAgent(claims) ? companyLogic(context.logic).table(deps) : null };
  },
  component: function CompaniesRoute() {
    const { list } = Route.useLoaderData();
    return list ? <CompanyListScreen list={list} /> : <OwnCompany />;
  },
});

/** A company's own profile; anybody else who is neither company nor agent gets a pointer. */
function OwnCompany() {
  const { t } = useLingui();
  const { profile, claims } = signedInRoute.useLoaderData();
  if (claims.user_type === 'company' && profile) {
    return (
      <Screen title={t`Company profile`}>
        <ProfileEditor actor={profile} idPrefix="company" />
      </Screen>
    );
  }
  return (
    <Screen title={t`Companies`}>
      <p>
        <Trans>Companies keep their profile here; agents find the companies table here.</Trans>
      </p>
    </Screen>
  );
}
