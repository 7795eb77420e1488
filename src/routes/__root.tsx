import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { NotFoundScreen } from '../ui/public/public';
import { Layout } from '../ui/shell/layout';
import { ContentSkeleton, LoadFailed } from '../ui/shell/route-states';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
  notFoundComponent: NotFoundScreen,
  // Inside the shell: a route that loads shows a skeleton; one that failed says so and offers a retry.
  pendingComponent: ContentSkeleton,
  errorComponent: LoadFailed,
});
