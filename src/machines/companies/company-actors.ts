import { COMPANY_PAGE_SIZE } from '../../../contract/company-search';
import { assignCompany, fetchCompany, listCompanies } from '../../api/agents';
import {
  type ResourceActor,
  type ResourceQuery,
  resourceActor,
  visitResource,
} from '../shared/resource.machine';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { timelineLogic } from '../timeline/timeline-actors';

/** The agents' company table and company pages (PRODUCT.md §6). */
export const companyLogic = areaLogic(({ api, app }) => ({
  /** /companies for agents: the table's page for the URL's query. */
  table: (query: ResourceQuery): ResourceActor =>
    visitResource(
      resourceActor(api, 'companies', (q) => listCompanies(api, { ...q, limit: COMPANY_PAGE_SIZE })),
      query,
    ),

  /**
   * /companies/view/{uuid}: the company with its requests and timeline, and assigning it (`undefined`: to me,
   * null: unassign; another agent's uuid: senior agents). An assignment reloads the company.
   */
  detail: (uuid: string) => {
    const detail = visitResource(
      resourceActor(api, `company:${uuid}`, () => fetchCompany(api, uuid)),
      { uuid },
    );
    const timeline = timelineLogic(app).of('company', uuid);
    const assign = submissionActor(async (agent: string | null | undefined) => {
      const result = await assignCompany(api, uuid, agent);
      detail.send({ type: 'resource.reload' });
      timeline.timeline.send({ type: 'timeline.changed' });
      return result;
    });
    return { detail, assign, timeline };
  },
}));
