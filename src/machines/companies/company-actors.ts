import type { ContactInput, ContactUpdate } from '../../../contract/client';
import { COMPANY_PAGE_SIZE } from '../../../contract/company-search';
import { assignCompany, fetchCompany, listCompanies } from '../../api/agents';
import { createContact, deleteContact, listContacts, updateContact } from '../../api/clients';
import {
  type ResourceActor,
  type ResourceQuery,
  resourceActor,
  visitResource,
} from '../shared/resource.machine';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { contactForm, newContactForm } from './contact-form.machine';

/** The agents' company table and company pages (PRODUCT.md §6). */
export const companyLogic = areaLogic(({ api }) => ({
  /** /companies for agents: the table's page for the URL's query. */
  table: (query: ResourceQuery): ResourceActor =>
    visitResource(
      resourceActor(api, 'companies', (q) => listCompanies(api, { ...q, limit: COMPANY_PAGE_SIZE })),
      query,
    ),

  /**
   * /companies/view/{uuid}: the company with its requests, and assigning it (`undefined`: to me,
   * null: unassign; another agent's uuid: senior agents). An assignment reloads the company.
   */
  detail: (uuid: string) => {
    const detail = visitResource(
      resourceActor(api, `company:${uuid}`, () => fetchCompany(api, uuid)),
      { uuid },
    );
    const assign = submissionActor(async (agent: string | null | undefined) => {
      const result = await assignCompany(api, uuid, agent);
      detail.send({ type: 'resource.reload' });
      return result;
    });
    return { detail, assign };
  },

  /**
   * A company's contacts (PRODUCT.md §10), on the agent's company page and the company's own: the
   * list, the form that adds one, the form of one being edited, making one the default and removing
   * one. Every change reloads the list (the default may have moved).
   */
  contacts: (company: string) => {
    const list = visitResource(
      resourceActor(api, `contacts:${company}`, () => listContacts(api, company)),
      { company },
    );
    const reload = <T>(result: T) => {
      list.send({ type: 'resource.reload' });
      return result;
    };
    return {
      list,
      add: newContactForm.withCall((input: ContactInput) => createContact(api, company, input).then(reload)),
      // A refused save reloads the list too: after a conflict, closing the form shows the contact as it is.
      edit: (contact: string) =>
        contactForm.withCall((input: ContactUpdate) =>
          updateContact(api, company, contact, input).then(reload, (error: unknown) => {
            reload(null);
            throw error;
          }),
        ),
      makeDefault: submissionActor(async (contact: ContactUpdate & { uuid: string }) => {
        const { uuid, ...body } = contact;
        return reload(await updateContact(api, company, uuid, { ...body, isDefault: true }));
      }),
      remove: submissionActor(async (contact: string) => reload(await deleteContact(api, company, contact))),
    };
  },
}));
