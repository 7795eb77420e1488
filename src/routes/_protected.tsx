import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { agentLogic } from '../machines/agents/agent-actors';
import { protectedRedirect } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { isAgent } from '../machines/session/token';
import { Deferred } from '../ui/components/deferred';
import { ConsentsGate } from '../ui/legal/consents-gate';
import { AgentShell } from '../ui/shell/agent-shell';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

// SEED-SPEC §2: a token and (finished registration or an agent), else /login.
export const Route = createFileRoute('/_protected')({
  beforeLoad: async ({ context, location }) => {
    const target = protectedRedirect(await settledSession(context.session));
    if (target) throw redirect({ ...target, search: { redirect: location.href } });
  },
  // Fresh on every visit: the call also proves the session to the server (and refreshes it if needed).
  loader: async ({ context }) => {
    const data = await context.signedIn.preload();
    // The header names an agent from their own record; the agent page reloads it after a change.
    const agents = isAgent(data.claims) ? agentLogic(context.logic) : null;
    const agent = agents?.ownRecord() ?? null;
    // Agents work in their own shell: a side navigation with the search field (the same one on every page).
    const search = agents?.search() ?? null;
    return { ...data, agent, search };
  },
  shouldReload: true,
  // The shell stays; the content area shows a skeleton while loading and a retry when loading failed.
  pendingComponent: ContentSkeleton,
  pendingMs: 150,
  errorComponent: LoadFailed,
  component: function ProtectedLayout() {
    const { consents, search, claims } = Route.useLoaderData();
    // The router hands its matches to React through an external store, so the signed-in page (shell,
    // screen, every react-aria field) mounted in one synchronous render: 0.4–0.6 s of a phone's main
    // thread at once (issue 22). In `Deferred` it mounts in a render React slices; the skeleton the
    // pending route showed stays meanwhile.
    return (
      <Deferred fallback={<ContentSkeleton />}>
        {search ? (
          <AgentShell claims={claims} search={search}>
            <Outlet />
          </AgentShell>
        ) : (
          <Outlet />
        )}
        {consents && <ConsentsGate actor={consents} />}
      </Deferred>
    );
  },
});
