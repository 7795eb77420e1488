import type { ApiClient } from '../../api/client';
import type { Workspace } from './workspace';

/**
 * The signed-in workspace (./workspace.ts, with the profile and consents machines) loaded with the
 * first protected page rather than with the landing page's JavaScript. Until then there is nothing
 * to reset.
 */
export function lazyWorkspace(api: ApiClient, logout: () => void): Workspace & { warm(): void } {
  let loading: Promise<Workspace> | undefined;
  let loaded: Workspace | undefined;
  const load = () => {
    loading ??= import('./workspace').then(({ createWorkspace }) => {
      loaded = createWorkspace(api, logout);
      return loaded;
    });
    return loading;
  };
  return {
    /** Starts loading the code now (a signed-in visit will need it at once). */
    warm() {
      load().catch(() => {
        // The protected page's loader asks again and shows the failure with a retry.
        loading = undefined;
      });
    },
    async preload(claims) {
      return (await load()).preload(claims);
    },
    reset() {
      loaded?.reset();
    },
  };
}
