import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { Deferred } from '../ui/components/deferred';
import { NotFoundScreen } from '../ui/public/public';
import { Layout } from '../ui/shell/layout';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The router's first answer reaches React as a synchronous update: the shell and the page mounted
  // in one long task (issue 22). In `Deferred` they mount in a render React slices; the prerendered
  // page stays on screen meanwhile.
  component: () => (
    <Deferred>
      <Layout>
        <Outlet />
      </Layout>
    </Deferred>
  ),
  notFoundComponent: NotFoundScreen,
  // Inside the shell: a route that loads shows a skeleton; one that failed says so and offers a retry.
  pendingComponent: ContentSkeleton,
  errorComponent: LoadFailed,
});
