import { createActor, fromPromise } from 'xstate';
import type { AgentSelf } from '../../../contract/agent';
import { AGENTS } from '../../../contract/endpoints/agents';
import { PROFILE } from '../../../contract/endpoints/profile';
import { send } from '../../api/client';
import { uploadPhoto } from '../../api/profile';
import { photoMachine } from '../profile/photo.machine';
import {
  type ResourceActor,
  type ResourceSnapshot,
  resourceActor,
  resourceData,
  visitResource,
} from '../shared/resource.machine';
import { areaLogic } from '../shell/app-logic';
import { agentSelfForm, agentSelfFormInput } from './agent-self-form.machine';
import { type GlobalSearchActor, globalSearchMachine } from './global-search.machine';

// The agents' own actors (issue 12, PRODUCT.md §6): their record, their list, their dashboard. Every
// read is a resource machine (query → loading → loaded | failed, the last answer kept while the next
// loads); the own record's form is a form machine whose save reloads the record. Routes ask for
// them in their loaders.

/** The signed-in agent's own record, the agents and the dashboard. */
export const agentLogic = areaLogic(({ api, session }) => {
  /** The signed-in agent's own record (GET /api/agent), loading; the header names the agent from it. */
  const ownRecord = (): ResourceActor => {
    const record = resourceActor(api, 'agent-self', () => send(api, AGENTS.self));
    record.send({ type: 'resource.load', query: {} });
    return record;
  };

  let searchField: GlobalSearchActor | undefined;

  return {
    ownRecord,

    /** /agent: the own record, its save (PUT /api/agent) and the photo, each change reloading the record. */
    ownPage: () => {
      const self = visitResource(ownRecord(), {});
      const reload = () => self.send({ type: 'resource.reload' });
      /** The name and phone form (agent-self-form.machine.ts), refilled by every new version of the record. */
      const save = createActor(
        agentSelfForm.withCall(async (input) => {
          // A 409 means someone saved first: the reload brings the current version for the next try.
          try {
            return await send(api, AGENTS.saveSelf, { body: input });
          } finally {
            reload();
          }
        }),
        { input: {} },
      ).start();
      let version: number | null = null;
      const follow = (snapshot: ResourceSnapshot) => {
        const agent = resourceData<AgentSelf>(snapshot);
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
          remove: fromPromise<string | null>(() => send(api, PROFILE.deletePhoto).then(() => null)),
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
    },

    /** /agent/view (and a senior agent's choices when assigning): every agent with what they look after. */
    list: (): ResourceActor =>
      visitResource(
        resourceActor(api, 'agents', () => send(api, AGENTS.list)),
        {},
      ),

    /** The shell's search field (global-search.machine.ts) over GET /api/agent/search: one for the app, kept across pages. */
    search: () => {
      searchField ??= createActor(
        globalSearchMachine.provide({
          actors: {
            search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
              send(api, AGENTS.search, { query: { q: input.query }, signal }),
            ),
          },
        }),
        { input: {} },
      ).start();
      return searchField;
    },

    /** The agent's dashboard counts, fresh on every visit. */
    dashboard: (): ResourceActor =>
      visitResource(
        resourceActor(api, 'agent-dashboard', () => send(api, AGENTS.dashboard)),
        {},
      ),
  };
});
