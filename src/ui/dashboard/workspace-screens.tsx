import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { ResourceActor } from '../../machines/shared/resource.machine';
import { AccountSettings } from '../account/account-settings';
import { AgentDashboard } from '../agents/agent-dashboard';
import { Screen } from '../components/screen';
import { CompanyRequests } from '../jobs/job-list';
import { CardDownload, PhotoPanel } from '../profile/photo-panel';
import { ProfileDashboard } from '../profile/profile-dashboard';
import { ProfileEditor } from '../profile/profile-editor';

const workspaceRoute = getRouteApi('/_protected');

export function DashboardScreen({
  requests,
  agent,
}: {
  requests: ResourceActor | null;
  agent: ResourceActor | null;
}) {
  const { t } = useLingui();
  const { profile, claims } = workspaceRoute.useLoaderData();
  return (
    <Screen title={t`Dashboard`}>
      <p>
        <Trans>Your overview: what is new and what needs your attention.</Trans>
      </p>
      {profile && <ProfileDashboard profile={profile} claims={claims} />}
      {requests && <CompanyRequests list={requests} />}
      {agent && <AgentDashboard list={agent} />}
    </Screen>
  );
}

export function ProfileScreen() {
  const { t } = useLingui();
  const { profile, claims } = workspaceRoute.useLoaderData();
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
}

export function CompaniesScreen() {
  const { t } = useLingui();
  const { profile, claims } = workspaceRoute.useLoaderData();
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
