import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';

/** The app's router; the browser and the guard tests create it the same way. */
export function createAppRouter(context: Omit<RouterContext, 'previousHref'>, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: { ...context, previousHref: () => router.state.resolvedLocation?.href },
    defaultPreload: false,
    scrollRestoration: true,
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
