import * as v from 'valibot';
import { JobListSearchSchema } from '../../../contract/job-search';
import { companyLogic } from '../../machines/companies/company-actors';
import { jobsLogic } from '../../machines/jobs/job-provider';
import type { AppLogic } from '../../machines/shell/app-logic';
import { CompanyRequests } from '../../ui/jobs/job-list';
import { ClientJobsPanel } from '../../ui/submissions/client-submissions';
import { type DashboardPanels, OwnProfile } from './-dashboard-panels';

/**
 * A company's dashboard: its profile, the candidates the agency sent, per job it is client of (issue
 * 21 point 5), and its job requests — the same list the requests page shows first.
 */
export function companyDashboard(logic: AppLogic): DashboardPanels {
  const requests = jobsLogic(logic).jobList(v.parse(JobListSearchSchema, {}));
  const sent = companyLogic(logic).clientJobs();
  return {
    panels: () => (
      <>
        <OwnProfile />
        <ClientJobsPanel list={sent} />
        <CompanyRequests list={requests} />
      </>
    ),
  };
}
