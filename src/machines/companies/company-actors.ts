import { fromPromise } from 'xstate';
import type { CompanyDetail } from '../../../contract/agent';
import type { ContactInput, ContactUpdate } from '../../../contract/client';
import { COMPANY_PAGE_SIZE } from '../../../contract/company-search';
import { COMPANIES } from '../../../contract/endpoints/agents';
import { CLIENTS } from '../../../contract/endpoints/clients';
import { CATALOG } from '../../../contract/endpoints/profile';
import { CLIENT_ANSWERS } from '../../../contract/endpoints/submissions';
import type { ClientAnswerInput } from '../../../contract/submissions';
import { download, send } from '../../api/client';
import { erasureLogic } from '../candidates/erasure-actors';
import { agentProfileEditor, blankRecord, keptRecordEditor } from '../profile/profile-actors';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import type { ResourceQuery } from '../shared/resource.machine';
import { resourceActor, settledResource, visitResource } from '../shared/resource-registry';
import { saveFile } from '../shared/save-file';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { clientAnswerForm } from '../submissions/client-answer.machine';
import { timelineLogic } from '../timeline/timeline-actors';
import { contactForm, newContactForm } from './contact-form.machine';

/** The agents' company table and company pages (PRODUCT.md §6), and companies agents create (§10). */
export const companyLogic = areaLogic(({ api, app }) => {
  /** The company catalogue, loaded once per session. */
  const companyFields = () => {
    const fields = resourceActor(api, { route: CATALOG.companyFields }, () =>
      send(api, CATALOG.companyFields),
    );
    fields.send({ type: 'resource.load', query: {} });
    return settledResource(fields, false);
  };
  return {
    /** /companies for agents: the table's page for the URL's query. */
    table: (query: ResourceQuery) =>
      visitResource(
        resourceActor(api, { route: COMPANIES.list }, (q) =>
          send(api, COMPANIES.list, { query: { ...q, limit: COMPANY_PAGE_SIZE } }),
        ),
        query,
      ),

    /** /companies/new: the company form for a company without an account; its first save creates it. */
    create: async () => {
      const editor = agentProfileEditor({
        scope: 'company',
        userType: 'company',
        fields: await companyFields(),
        hasAccount: false,
        load: async () => blankRecord('company'),
        // The table shows it: COMPANIES.create invalidates the list.
        save: (values) => send(api, COMPANIES.create, { body: { values } }),
      });
      return { editor };
    },

    /**
     * /companies/view/{uuid}: the company with its requests and timeline, assigning it (`undefined`: to me, null:
     * unassign; another agent's uuid: senior agents), its profile in the company form, and the
     * invitation of a company without an account. A change reloads the company.
     */
    detail: async (uuid: string) => {
      const detail = visitResource(
        resourceActor(api, { route: COMPANIES.read, params: { uuid } }, () =>
          send(api, COMPANIES.read, { params: { uuid } }),
        ),
        { uuid },
      );
      const timeline = timelineLogic(app).of('company', uuid);
      const assign = submissionActor(async (agent: string | null | undefined) => {
        // The company's page and table load again: COMPANIES.assign invalidates them.
        const result = await send(api, COMPANIES.assign, { body: { uuid, agent } });
        timeline.timeline.send({ type: 'timeline.changed' });
        return result;
      });
      const { editor, invitation } = await keptRecordEditor<CompanyDetail>(
        api,
        {
          kind: 'company',
          uuid,
          userType: 'company',
          fields: companyFields(),
          hasAccount: (company) => company.hasAccount,
        },
        { detail, timeline: timeline.timeline },
      );
      // The deletion dialog (issue 42, the candidates' machine); the company table reloads (its route's `invalidates`).
      return { detail, assign, editor, invitation, timeline, erasure: erasureLogic(api) };
    },

    /**
     * A company's contacts (PRODUCT.md §10), on the agent's company page and the company's own: the
     * list, the form that adds one, the form of one being edited, making one the default and removing
     * one. Every change reloads the list (the default may have moved): each route `invalidates` it, and
     * a refused save's 409 reloads it too, so closing the form shows the contact as it is.
     */
    contacts: (company: string) => {
      const list = visitResource(
        resourceActor(api, { route: CLIENTS.contacts, params: { uuid: company } }, () =>
          send(api, CLIENTS.contacts, { params: { uuid: company } }),
        ),
        { company },
      );
      return {
        list,
        add: newContactForm.withCall((input: ContactInput) =>
          send(api, CLIENTS.createContact, { params: { uuid: company }, body: input }),
        ),
        edit: (contact: string) =>
          contactForm.withCall((input: ContactUpdate) =>
            send(api, CLIENTS.updateContact, { params: { uuid: company, contact }, body: input }),
          ),
        makeDefault: submissionActor(({ uuid, ...body }: ContactUpdate & { uuid: string }) =>
          send(api, CLIENTS.updateContact, {
            params: { uuid: company, contact: uuid },
            body: { ...body, isDefault: true },
          }),
        ),
        remove: submissionActor((contact: string) =>
          send(api, CLIENTS.deleteContact, { params: { uuid: company, contact } }),
        ),
        // A contact's own login (decision 0031): "Invite", and "Resend" while the link is open.
        invite: submissionActor((contact: string) =>
          send(api, CLIENTS.inviteContact, { params: { uuid: company, contact } }),
        ),
      };
    },

    /** A signed-in company's jobs it is the client of, with the candidates sent and awaiting its answer. */
    clientJobs: () =>
      visitResource(
        resourceActor(api, { route: CLIENT_ANSWERS.jobs }, () => send(api, CLIENT_ANSWERS.jobs)),
        {},
      ),

    /**
     * /clientCandidates/{job}: the candidates sent to the company for a job, the answer form of
     * each (a success or a 409 reloads the list and the jobs' counts, the routes' `invalidates`: a 409
     * shows the candidate as it is now), and
     * the download of the card it got.
     */
    clientSubmissions: (job: string) => {
      const list = visitResource(
        resourceActor(api, { route: CLIENT_ANSWERS.submissions, params: { uuid: job } }, () =>
          send(api, CLIENT_ANSWERS.submissions, { params: { uuid: job } }),
        ),
        { job },
      );
      return {
        list,
        answer: (entry: string) =>
          clientAnswerForm.withCall((input: ClientAnswerInput) =>
            send(api, CLIENT_ANSWERS.answer, { params: { entry }, body: input }),
          ),
        /** "Change answer" (issue 42): the answer taken back within 10 minutes; the list loads again. */
        changeAnswer: (entry: string) =>
          submissionActor(() => send(api, CLIENT_ANSWERS.undo, { params: { entry } })),
        card: (entry: string) =>
          downloadMachine.provide({
            actors: {
              fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
                blob: await download(api, CLIENT_ANSWERS.card, { params: { entry } }),
                fileName: input.fileName,
              })),
            },
            actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
          }),
      };
    },
  };
});
