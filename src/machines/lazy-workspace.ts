import type { ApiClient } from '../api/client';
import type { Workspace } from './workspace';

/**
 * The signed-in workspace (./workspace.ts, with the profile and consents machines) loaded with the
 * first protected page rather than with the landing page's JavaScript. Until then there is nothing
 * to reset.
 */
export function lazyWorkspace(api: ApiClient, logout: () => void): Workspace {
  let loading: Promise<Workspace> | undefined;
  let loaded: Workspace | undefined;
  return {
    async preload(claims) {
      loading ??= import('./workspace').then(({ createWorkspace }) => {
        loaded = createWorkspace(api, logout);
        return loaded;
      });
      return (await loading).preload(claims);
    },
    reset() {
      loaded?.reset();
    },
  };
}
