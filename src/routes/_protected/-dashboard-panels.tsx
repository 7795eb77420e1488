import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ProfileDashboard } from '../../ui/profile/profile-dashboard';

/**
 * One user type's part of the dashboard, with its actors started: the route loads only the signed-in
 * user's module (./-dashboard-agent.tsx, ./-dashboard-company.tsx, ./-dashboard-candidate.tsx), so a
 * candidate's page neither fetches nor evaluates an agent's panels, and an agent's no candidate's
 * (issue 22).
 */
export interface DashboardPanels {
  panels: () => ReactNode;
}

const signedInRoute = getRouteApi('/_protected');

/** The own profile (a candidate's, or a company's), as the protected group preloaded it. */
export function OwnProfile() {
  const { profile, claims } = signedInRoute.useLoaderData();
  return profile ? <ProfileDashboard profile={profile} claims={claims} /> : null;
}
