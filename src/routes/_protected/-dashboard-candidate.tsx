import { type DashboardPanels, OwnProfile } from './-dashboard-panels';

/** A candidate's dashboard: their own profile. */
export function candidateDashboard(): DashboardPanels {
  return { panels: () => <OwnProfile /> };
}
