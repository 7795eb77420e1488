import { useSyncExternalStore } from 'react';

// Whether a screen has loaded the toast module (./toast.tsx) and so may show toasts. Until then the
// shell renders no toast region: its code (react-aria's toast and button) stays out of the first load.
let loaded = false;
const listeners = new Set<() => void>();

/** Called once by ./toast.tsx when it loads. */
export function markToastsLoaded(): void {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
}

/** True once the toast module is loaded: the shell then mounts the region (it shows queued toasts too). */
export function useToastsLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => false,
  );
}
