import type { AppLogic } from './app-logic';
import type { SignedInPreload } from './signed-in-preload';

/**
 * The protected group's preload (./signed-in-preload.ts, with the profile and consents machines)
 * loaded with the first protected page rather than with the landing page's JavaScript. Until then
 * there is nothing to reset.
 */
export function lazySignedInPreload(app: AppLogic): SignedInPreload & { warm(): void } {
  let loading: Promise<SignedInPreload> | undefined;
  let loaded: SignedInPreload | undefined;
  const load = () => {
    loading ??= import('./signed-in-preload').then(({ signedInPreload }) => {
      loaded = signedInPreload(app);
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
    async preload() {
      return (await load()).preload();
    },
    reset() {
      loaded?.reset();
    },
  };
}
