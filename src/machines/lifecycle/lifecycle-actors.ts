import { OWN_SUBMISSIONS } from '../../../contract/endpoints/team';
import { send } from '../../api/client';
import { type ResourceActor, resourceActor, visitResource } from '../shared/resource.machine';
import { areaLogic } from '../shell/app-logic';

/**
 * The lifecycle page's reads (issue 42). Apart from profile-actors.ts: the page would otherwise share
 * the whole profile area with the dashboard, and the build would load it as a file of its own there.
 */
export const lifecycleLogic = areaLogic(({ api }) => ({
  /** A candidate's: where their profile stands and where it was sent, fresh on every visit. */
  ownSubmissions: (): ResourceActor =>
    visitResource(
      resourceActor(api, 'profile:submissions', () => send(api, OWN_SUBMISSIONS.list)),
      {},
    ),
}));
