import { fromPromise } from 'xstate';
import type { CompanyDetail } from '../../../contract/agent';
import type { FieldDefinition } from '../../../contract/catalog';
import type { ContactInput, ContactUpdate } from '../../../contract/client';
import type { ClientAnswerInput } from '../../../contract/client-answers';
import { COMPANY_PAGE_SIZE } from '../../../contract/company-search';
import { COMPANIES } from '../../../contract/endpoints/agents';
import { CLIENT_ANSWERS } from '../../../contract/endpoints/client-answers';
import { CLIENTS } from '../../../contract/endpoints/clients';
import { CATALOG } from '../../../contract/endpoints/profile';
import { download, send } from '../../api/client';
import { erasureLogic } from '../candidates/erasure-actors';
import { agentProfileEditor, blankRecord, keptRecordEditor } from '../profile/profile-actors';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import {
  type ResourceActor,
  type ResourceQuery,
  reloadResources,
  resourceActor,
  settledResource,
  visitResource,
} from '../shared/resource.machine';
import { saveFile } from '../shared/save-file';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { timelineLogic } from '../timeline/timeline-actors';
import { clientAnswerForm } from './client-answer.machine';
import { contactForm, newContactForm } from './contact-form.machine';

/** The agents' company table and company pages (PRODUCT.md §6), and companies agents create (§10). */
export const companyLogic = areaLogic(({ api, app }) => {
  /** The company catalogue, loaded once per session. */
  const companyFields = () => {
    const fields = resourceActor(api, 'fields:company', () => send(api, CATALOG.companyFields));
    fields.send({ type: 'resource.load', query: {} });
    return settledResource<FieldDefinition[]>(fields, false);
  };
  return {
    /** /companies for agents: the table's page for the URL's query. */
    table: (query: ResourceQuery): ResourceActor =>
      visitResource(
        resourceActor(api, 'companies', (q) =>
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
        save: async (values) => {
          const created = await send(api, COMPANIES.create, { body: { values } });
          reloadResources(api, 'companies');
          return created;
        },
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
        resourceActor(api, `company:${uuid}`, () => send(api, COMPANIES.read, { params: { uuid } })),
        { uuid },
      );
      const timeline = timelineLogic(app).of('company', uuid);
      const assign = submissionActor(async (agent: string | null | undefined) => {
        const result = await send(api, COMPANIES.assign, { body: { uuid, agent } });
        detail.send({ type: 'resource.reload' });
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
          tables: 'companies',
        },
        { detail, timeline: timeline.timeline },
      );
      // The deletion dialog (issue 42, the candidates' machine); a deletion reloads the company table.
      return { detail, assign, editor, invitation, timeline, erasure: erasureLogic(api, 'companies') };
    },

    /**
     * A company's contacts (PRODUCT.md §10), on the agent's company page and the company's own: the
     * list, the form that adds one, the form of one being edited, making one the default and removing
     * one. Every change reloads the list (the default may have moved).
     */
    contacts: (company: string) => {
      const list = visitResource(
        resourceActor(api, `contacts:${company}`, () =>
          send(api, CLIENTS.contacts, { params: { uuid: company } }),
        ),
        { company },
      );
      const reload = <T>(result: T) => {
        list.send({ type: 'resource.reload' });
        return result;
      };
      return {
        list,
        add: newContactForm.withCall((input: ContactInput) =>
          send(api, CLIENTS.createContact, { params: { uuid: company }, body: input }).then(reload),
        ),
        // A refused save reloads the list too: after a conflict, closing the form shows the contact as it is.
        edit: (contact: string) =>
          contactForm.withCall((input: ContactUpdate) =>
            send(api, CLIENTS.updateContact, { params: { uuid: company, contact }, body: input }).then(
              reload,
              (error: unknown) => {
                reload(null);
                throw error;
              },
            ),
          ),
        makeDefault: submissionActor(async (contact: ContactUpdate & { uuid: string }) => {
          const { uuid, ...body } = contact;
          return reload(
            await send(api, CLIENTS.updateContact, {
              params: { uuid: company, contact: uuid },
              body: { ...body, isDefault: true },
            }),
          );
        }),
        remove: submissionActor(async (contact: string) =>
          reload(await send(api, CLIENTS.deleteContact, { params: { uuid: company, contact } })),
        ),
        // A contact's own login (decision 0031): "Invite", and "Resend" while the link is open.
        invite: submissionActor(async (contact: string) =>
          reload(await send(api, CLIENTS.inviteContact, { params: { uuid: company, contact } })),
        ),
      };
    },

    /** A signed-in company's jobs it is the client of, with the candidates sent and awaiting its answer. */
    clientJobs: (): ResourceActor =>
      visitResource(
        resourceActor(api, 'client:jobs', () => send(api, CLIENT_ANSWERS.jobs)),
        {},
      ),

    /**
     * /clientCandidates/{job}: the candidates sent to the company for a job, the answer form of
     * each (a success or a refusal reloads the list: a 409 shows the candidate as it is now), and
     * the download of the card it got.
     */
    clientCandidates: (job: string) => {
      const list = visitResource(
        resourceActor(api, `client:job:${job}`, () =>
          send(api, CLIENT_ANSWERS.candidates, { params: { uuid: job } }),
        ),
        { job },
      );
      const reload = () => {
        list.send({ type: 'resource.reload' });
        reloadResources(api, 'client:jobs');
      };
      return {
        list,
        answer: (entry: string) =>
          clientAnswerForm.withCall((input: ClientAnswerInput) =>
            send(api, CLIENT_ANSWERS.answer, { params: { entry }, body: input }).then(
              (answered) => {
                reload();
                return answered;
              },
              (error: unknown) => {
                reload();
                throw error;
              },
            ),
          ),
        /** "Change answer" (issue 42): the answer taken back within 10 minutes; the list loads again. */
        changeAnswer: (entry: string) =>
          submissionActor(() => send(api, CLIENT_ANSWERS.undo, { params: { entry } }).finally(reload)),
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
