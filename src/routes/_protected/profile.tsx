import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AccountSettings } from '../../ui/account/account-settings';
import { CardDownload, PhotoPanel } from '../../ui/components/photo-panel';
import { Screen } from '../../ui/components/screen';
import { ProfileEditor } from '../../ui/profile/profile-editor';

const signedInRoute = getRouteApi('/_protected');

// The own profile (photo, card, form) and the account settings: two features on one page.
export const Route = createFileRoute('/_protected/profile')({
  component: function ProfileRoute() {
    const { t } = useLingui();
    const { profile, claims } = signedInRoute.useLoaderData();
    return (
      <Screen title={t`Profile`}>
        {profile ? (
          <>
            <PhotoPanel profile={profile} />
            <CardDownload company={claims.user_type === 'company'} />
            <ProfileEditor actor={profile} idPrefix="profile" />
            <AccountSettings />
          </>
        ) : (
          <p>
            <Trans>Agents keep their own details on the agent page.</Trans>
          </p>
        )}
      </Screen>
    );
  },
});
