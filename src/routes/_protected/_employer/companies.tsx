import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { CompanyListSearchSchema } from '../../../../contract/company-search';
import { companyLogic } from '../../../machines/companies/company-actors';
import type { ProfileActor } from '../../../machines/profile/profile.machine';
import { isAgent } from '../../../machines/session/token';
import { CompanyListScreen } from '../../../ui/companies/companies';
import { ContactsSection } from '../../../ui/companies/contacts';
import { useAppActors } from '../../../ui/components/app-context';
import { Screen } from '../../../ui/components/screen';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

/** The company's contacts, once its company record (and so its uuid) is loaded. */
function OwnContacts({ profile }: { profile: ProfileActor }) {
  const { logic } = useAppActors();
  const uuid = useSelector(profile, (s) => s.context.profile?.uuid ?? null);
  const contacts = useMemo(() => (uuid ? companyLogic(logic).contacts(uuid) : null), [logic, uuid]);
  return contacts ? <ContactsSection contacts={contacts} /> : null;
}

const signedInRoute = getRouteApi('/_protected');

// SEED-SPEC §2 keeps companies open to the whole protected group: a company sees its own profile, an
// agent the companies table (PRODUCT.md §6), anybody else a pointer back. Only agents load the table
// (the server answers 403 to everyone else anyway).
export const Route = createFileRoute('/_protected/_employer/companies')({
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

/** A company's own profile and its contacts; anybody else who is neither company nor agent gets a pointer. */
function OwnCompany() {
  const { t } = useLingui();
  const { profile, claims } = signedInRoute.useLoaderData();
  if (claims.user_type === 'company' && profile) {
    return (
      <Screen title={t`Company profile`}>
        <ProfileEditor actor={profile} idPrefix="company" />
        <OwnContacts profile={profile} />
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
