import { fromPromise } from 'xstate';
import { type AgentProfileDetail, isSeniorAgentType } from '../../../contract/agent';
import { CANDIDATE_PAGE_SIZE, type CandidateListSearch } from '../../../contract/candidate-search';
import type { CardKind } from '../../../contract/cards';
import { AGENTS, CANDIDATES } from '../../../contract/endpoints/agents';
import { CATALOG } from '../../../contract/endpoints/profile';
import type { CandidateType } from '../../../contract/user-types';
import { fetchCandidateFields } from '../../api/candidates';
import { type ApiClient, download, send } from '../../api/client';
import { agentProfileEditor, blankRecord, keptRecordEditor } from '../profile/profile-actors';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { resourceActor, settledResource, visitResource } from '../shared/resource-registry';
import { saveFile } from '../shared/save-file';
import { areaLogic } from '../shell/app-logic';
import { timelineLogic } from '../timeline/timeline-actors';
import { candidateActionsMachine } from './candidate-actions.machine';
import { erasureLogic } from './erasure-actors';

/** A candidate type's profile fields (labels of options, the tabs), loaded once per session. */
function candidateFields(api: ApiClient, type: CandidateType) {
  const fields = resourceActor(api, { route: CATALOG.profileFields, part: type }, () =>
    fetchCandidateFields(api, type),
  );
  fields.send({ type: 'resource.load', query: {} });
  return fields;
}

function cardDownload(api: ApiClient, uuid: string, format: CardKind) {
  return downloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
        blob: await download(api, CANDIDATES.card, { params: { uuid, format } }),
        fileName: input.fileName,
      })),
    },
    actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
  });
}

/** The agents' candidate tables (stellas, lunas, novas) and candidate pages. */
export const candidateLogic = areaLogic(({ api, session, app }) => ({
  /**
   * stellas|lunas|novas/new: the owner's profile form for a candidate without an account (phone
   * intake, walk-in); its first save creates the profile, and the tables show it.
   */
  create: async (type: CandidateType) => {
    const fields = await settledResource(candidateFields(api, type), false);
    const editor = agentProfileEditor({
      scope: 'profile',
      userType: type,
      fields,
      hasAccount: false,
      load: async () => blankRecord(type),
      // The tables show it: CANDIDATES.create invalidates them.
      save: (values) => send(api, CANDIDATES.create, { body: { type, values } }),
    });
    return { editor };
  },

  /** The resource actor of one candidate table, fed with the URL's query, and the type's fields. */
  table: (type: CandidateType, search: CandidateListSearch) => {
    const list = resourceActor(api, { route: CANDIDATES.list, part: type }, (query) =>
      send(api, CANDIDATES.list, { query: { ...query, type, limit: CANDIDATE_PAGE_SIZE } }),
    );
    visitResource(list, search);
    return { list, fields: candidateFields(api, type) };
  },

  /**
   * What a candidate's page runs: the profile (loaded like a table, kept across navigations), the
   * agents a senior agent may assign to, the actions machine and the two card downloads. A change
   * made by an action reloads the profile, the agents and every candidate table (its route's
   * `invalidates`) and the timeline.
   */
  detail: async (type: CandidateType, uuid: string) => {
    const claims = session.getSnapshot().context.claims;
    const senior = claims ? isSeniorAgentType(claims.user_type) : false;
    const detail = resourceActor(api, { route: CANDIDATES.read, params: { uuid } }, () =>
      send(api, CANDIDATES.read, { params: { uuid } }),
    );
    // Every visit reads the profile afresh (shown at once from the last visit meanwhile): someone may
    // have changed it, and the access log counts each read.
    const seen = detail.getSnapshot();
    if (seen.matches('loaded') || seen.matches('failed')) detail.send({ type: 'resource.reload' });
    else detail.send({ type: 'resource.load', query: { uuid } });
    const agents = senior ? resourceActor(api, { route: AGENTS.list }, () => send(api, AGENTS.list)) : null;
    agents?.send({ type: 'resource.load', query: {} });
    const timeline = timelineLogic(app).of('profile', uuid);
    const actions = candidateActionsMachine.provide({
      actors: {
        assign: fromPromise(({ input }) =>
          send(api, CANDIDATES.assign, { body: { uuid: input.uuid, agent: input.agent } }),
        ),
        promote: fromPromise(({ input }) => send(api, CANDIDATES.promote, { body: { uuid: input.uuid } })),
        changeStatus: fromPromise(({ input: { uuid, ...body } }) =>
          send(api, CANDIDATES.setStatus, { params: { uuid }, body }),
        ),
      },
      actions: {
        changed: () => timeline.timeline.send({ type: 'timeline.changed' }),
      },
    });
    const fields = candidateFields(api, type);
    // The owner's form over the agent's calls; it loads with the page (one read of the profile).
    const { editor, invitation } = await keptRecordEditor<AgentProfileDetail>(
      api,
      {
        kind: 'profile',
        uuid,
        userType: type,
        fields: settledResource(fields, false),
        hasAccount: (candidate) => candidate.account !== null,
      },
      { detail, timeline: timeline.timeline },
    );
    return {
      detail,
      editor,
      invitation,
      fields,
      agents,
      actions,
      cards: { full: cardDownload(api, uuid, 'full'), anonymised: cardDownload(api, uuid, 'anonymised') },
      timeline,
      /** The deletion dialog (issue 42); a deletion reloads the candidate tables. */
      erasure: erasureLogic(api),
      me: claims?.sub ?? '',
      senior,
    };
  },
}));

export type CandidateDetailLogic = Awaited<ReturnType<ReturnType<typeof candidateLogic>['detail']>>;
