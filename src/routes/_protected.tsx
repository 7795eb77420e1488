import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { protectedRedirect } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { isAgent } from '../machines/session/token';
import { Deferred } from '../ui/components/deferred';
import { ConsentsGate } from '../ui/legal/consents-gate';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

// SEED-SPEC §2: a token and (finished registration or an agent), else /login.
export const Route = createFileRoute('/_protected')({
  beforeLoad: async ({ context, location }) => {
    const target = protectedRedirect(await settledSession(context.session));
    if (target) throw redirect({ ...target, search: { redirect: location.href } });
  },
  // Fresh on every visit: the call also proves the session to the server (and refreshes it if needed).
  loader: async ({ context }) => {
    // Agents work in their own shell (./-protected-agent.tsx): its module loads beside the session's
    // data, and only for them. The header names an agent from their own record.
    const claims = context.session.getSnapshot().context.claims;
    const [data, agentPart] = await Promise.all([
      context.signedIn.preload(),
      claims && isAgent(claims) ? import('./-protected-agent') : null,
    ]);
    return { ...data, agentWorkspace: agentPart?.agentWorkspace(context.logic) ?? null };
  },
  shouldReload: true,
  // The shell stays; the content area shows a skeleton while loading and a retry when loading failed.
  pendingComponent: ContentSkeleton,
  pendingMs: 150,
  errorComponent: LoadFailed,
  component: function ProtectedLayout() {
    const { consents, claims, agentWorkspace } = Route.useLoaderData();
    // The router hands its matches to React through an external store, so the signed-in page (shell,
    // screen, every react-aria field) mounted in one synchronous render: 0.4–0.6 s of a phone's main
    // thread at once (issue 22). In `Deferred` it mounts in a render React slices; the skeleton the
    // pending route showed stays meanwhile.
    return (
      <Deferred fallback={<ContentSkeleton />}>
        {agentWorkspace ? (
          <agentWorkspace.Shell claims={claims} search={agentWorkspace.search}>
            <Outlet />
          </agentWorkspace.Shell>
        ) : (
          <Outlet />
        )}
        {consents && <ConsentsGate actor={consents} />}
      </Deferred>
    );
  },
});
