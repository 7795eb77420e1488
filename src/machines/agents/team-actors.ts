import { createActor, fromPromise } from 'xstate';
import { isSeniorAgentType } from '../../../contract/agent';
import { TEAM } from '../../../contract/endpoints/team';
import { localDay } from '../../../contract/local-day';
import { send } from '../../api/client';
import { resourceActor, visitResource } from '../shared/resource-registry';
import { areaLogic } from '../shell/app-logic';
import { agentCreateForm } from './agent-create-form.machine';
import { teamMachine } from './team.machine';

// Apart from agent-actors.ts, which every agent's page loads (the dashboard among them): the team's
// machines are /agent/view's alone, and with them the shared file outgrew what the build copies into
// its importers (scripts/vite-inline-chunks.ts) and became a request of its own on the dashboard.

/** The senior agent's team (issue 42). */
export const teamLogic = areaLogic(({ api, session }) => ({
  /**
   * /agent/view for a senior agent (issue 42): the team's figures (overdue by the user's calendar
   * day), the changes to it (team.machine.ts) and the new-agent form; each change reloads the team
   * and the agents' list (the team routes' `invalidates`). null for every other agent: they see the list only.
   */
  team: () => {
    const claims = session.getSnapshot().context.claims;
    if (!claims || !isSeniorAgentType(claims.user_type)) return null;
    const overview = visitResource(
      resourceActor(api, { route: TEAM.overview }, (query) =>
        send(api, TEAM.overview, { query: { today: String(query.today) } }),
      ),
      { today: localDay(new Date()) },
    );
    const changes = createActor(
      teamMachine.provide({
        actors: {
          reassign: fromPromise(({ input }) =>
            send(api, TEAM.reassign, { params: { uuid: input.from }, body: { to: input.to } }),
          ),
          deactivate: fromPromise(({ input }) =>
            send(api, TEAM.deactivate, {
              params: { uuid: input.agent },
              body: input.reassignTo ? { reassignTo: input.reassignTo } : {},
            }),
          ),
          reactivate: fromPromise(({ input }) =>
            send(api, TEAM.reactivate, { params: { uuid: input.agent } }),
          ),
        },
      }),
    ).start();
    const create = createActor(
      agentCreateForm.withCall((input) => send(api, TEAM.create, { body: input })),
      { input: {} },
    ).start();
    return { overview, changes, create };
  },
}));
