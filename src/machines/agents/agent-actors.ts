import { createActor, fromPromise } from 'xstate';
import { AGENTS } from '../../../contract/endpoints/agents';
import { PROFILE } from '../../../contract/endpoints/profile';
import { send } from '../../api/client';
import { uploadPhoto } from '../../api/profile';
import { photoMachine } from '../profile/photo.machine';
import { resourceData } from '../shared/resource.machine';
import { resourceActor, visitResource } from '../shared/resource-registry';
import { areaLogic } from '../shell/app-logic';
import { agentSelfForm, agentSelfFormInput } from './agent-self-form.machine';
import { type GlobalSearchActor, globalSearchMachine } from './global-search.machine';

// The agents' own actors (issue 12, PRODUCT.md §6): their record, their list, their dashboard. Every
// read is a resource machine (query → loading → loaded | failed, the last answer kept while the next
// loads); the own record's form is a form machine whose save reloads the record (AGENTS.saveSelf
// `invalidates` it). Routes ask for them in their loaders.

/** The signed-in agent's own record, the agents and the dashboard. */
export const agentLogic = areaLogic(({ api, session }) => {
  /** The signed-in agent's own record (GET /api/agent), loading; the header names the agent from it. */
  const ownRecord = () => {
    const record = resourceActor(api, { route: AGENTS.self }, () => send(api, AGENTS.self));
    record.send({ type: 'resource.load', query: {} });
    return record;
  };

  let searchField: GlobalSearchActor | undefined;

  return {
    ownRecord,

    /** /agent: the own record, its save (PUT /api/agent) and the photo, each change reloading the record. */
    ownPage: () => {
      const self = visitResource(ownRecord(), {});
      // The photo is the profile's (a multipart upload, and a delete every account's page calls):
      // its change reloads the agent's record here.
      const reload = () => self.send({ type: 'resource.reload' });
      /**
       * The name and phone form (agent-self-form.machine.ts), refilled by every new version of the
       * record. A save reloads the record, and so does a 409 (someone saved first): the current
       * version comes for the next try.
       */
      const save = createActor(
        agentSelfForm.withCall((input) => send(api, AGENTS.saveSelf, { body: input })),
        { input: {} },
      ).start();
      let version: number | null = null;
      const follow = () => {
        const agent = resourceData(self.getSnapshot());
        if (!agent || agent.version === version) return;
        version = agent.version;
        save.send({ type: 'form.load', ...agentSelfFormInput(agent) });
      };
      follow();
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
    list: () =>
      visitResource(
        resourceActor(api, { route: AGENTS.list }, () => send(api, AGENTS.list)),
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
    dashboard: () =>
      visitResource(
        resourceActor(api, { route: AGENTS.dashboard }, () => send(api, AGENTS.dashboard)),
        {},
      ),
  };
});
