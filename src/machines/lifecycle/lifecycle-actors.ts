import { OWN_SUBMISSIONS } from '../../../contract/endpoints/submissions';
import { send } from '../../api/client';
import { resourceActor, visitResource } from '../shared/resource-registry';
import { areaLogic } from '../shell/app-logic';

/**
 * The lifecycle page's reads (issue 42). Apart from profile-actors.ts: the page would otherwise share
 * the whole profile area with the dashboard, and the build would load it as a file of its own there.
 */
export const lifecycleLogic = areaLogic(({ api }) => ({
  /** A candidate's: where their profile stands and where it was sent, fresh on every visit. */
  ownSubmissions: () =>
    visitResource(
      resourceActor(api, { route: OWN_SUBMISSIONS.list }, () => send(api, OWN_SUBMISSIONS.list)),
      {},
    ),
}));
