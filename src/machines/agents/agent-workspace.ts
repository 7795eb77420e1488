import { createActor, fromPromise } from 'xstate';
import type { AgentSelf } from '../../../contract/agent';
import { COMPANY_PAGE_SIZE } from '../../../contract/company-search';
import {
  assignCompany,
  fetchAgentDashboard,
  fetchAgentSelf,
  fetchCompany,
  listAgents,
  listCompanies,
  updateAgentSelf,
} from '../../api/agents';
import type { ApiClient } from '../../api/client';
import { deletePhoto, uploadPhoto } from '../../api/profile';
import { photoMachine } from '../profile/photo.machine';
import type { SessionActor } from '../session/session.machine';
import { type ListActor, type ListQuery, listActor, listPage, visitList } from '../shared/list.machine';
import { type SubmissionActor, submissionMachine } from '../shared/submission.machine';
import { agentSelfForm, agentSelfFormInput } from './agent-self-form.machine';

// The agent workspace's actors (issue 12, PRODUCT.md §6). Every read is the one list machine
// (query → loading → loaded | failed, the last answer kept while the next loads); every change is a
// submission machine (the own details: a form machine) whose request reloads what it changed.
// Routes create them in their loaders.

function submission<I>(request: (input: I) => Promise<unknown>): SubmissionActor {
  return createActor(
    submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => request(input as I)) } }),
  ).start();
}

/** The signed-in agent's own record (GET /api/agent); the header names the agent from it. */
export function agentSelfList(api: ApiClient): ListActor {
  return listActor(api, 'agent-self', () => fetchAgentSelf(api));
}

/** /agent: the own record, its save (PUT /api/agent) and the photo, each change reloading the record. */
export function agentSelfActors(api: ApiClient, session: SessionActor) {
  const self = visitList(agentSelfList(api), {});
  const reload = () => self.send({ type: 'list.reload' });
  /** The name and phone form (agent-self-form.machine.ts), refilled by every new version of the record. */
  const save = createActor(
    agentSelfForm.withCall(async (input) => {
      // A 409 means someone saved first: the reload brings the current version for the next try.
      try {
        return await updateAgentSelf(api, input);
      } finally {
        reload();
      }
    }),
    { input: {} },
  ).start();
  let version: number | null = null;
  const follow = (snapshot: ReturnType<ListActor['getSnapshot']>) => {
    const agent = listPage<AgentSelf>(snapshot);
    if (!agent || agent.version === version) return;
    version = agent.version;
    save.send({ type: 'form.load', ...agentSelfFormInput(agent) });
  };
  follow(self.getSnapshot());
  self.subscribe(follow);
  const photo = photoMachine.provide({
    actors: {
      send: fromPromise(({ input }: { input: { file: File; onProgress: (share: number) => void } }) =>
        uploadPhoto(api, input.file, input.onProgress),
      ),
      remove: fromPromise<string | null>(() => deletePhoto(api)),
    },
    // The header's avatar comes from the token: a refresh brings the new one.
    actions: {
      uploaded: () => {
        reload();
        session.send({ type: 'session.refresh' });
      },
      deleted: () => {
        reload();
        session.send({ type: 'session.refresh' });
      },
    },
  });
  return { self, save, photo };
}

/** /companies for agents: the table's page for the URL's query. */
export function companyList(api: ApiClient, query: ListQuery): ListActor {
  return visitList(
    listActor(api, 'companies', (q) => listCompanies(api, { ...q, limit: COMPANY_PAGE_SIZE })),
    query,
  );
}

/**
 * /companies/view/{uuid}: the company with its requests, and assigning it (`undefined`: to me,
 * null: unassign; another agent's uuid: senior agents). An assignment reloads the company.
 */
export function companyDetailActors(api: ApiClient, uuid: string) {
  const detail = visitList(
    listActor(api, `company:${uuid}`, () => fetchCompany(api, uuid)),
    { uuid },
  );
  const assign = submission(async (agent: string | null | undefined) => {
    const result = await assignCompany(api, uuid, agent);
    detail.send({ type: 'list.reload' });
    return result;
  });
  return { detail, assign };
}

/** /agent/view: every agent with what they look after. */
export function agentList(api: ApiClient): ListActor {
  return visitList(
    listActor(api, 'agents', () => listAgents(api)),
    {},
  );
}

/** The agent's dashboard counts, fresh on every visit. */
export function agentDashboard(api: ApiClient): ListActor {
  return visitList(
    listActor(api, 'agent-dashboard', () => fetchAgentDashboard(api)),
    {},
  );
}
