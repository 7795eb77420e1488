import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';
import { ContentSkeleton, LoadFailed } from './ui/shell/route-states';

/** The app's router; the browser and the guard tests create it the same way. */
export function createAppRouter(context: Omit<RouterContext, 'previousHref'>, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: { ...context, previousHref: () => router.state.resolvedLocation?.href },
    defaultPreload: false,
    // Every route's content area: a skeleton while it loads, a translated failure with retry.
    defaultPendingComponent: ContentSkeleton,
    defaultErrorComponent: LoadFailed,
    scrollRestoration: true,
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
