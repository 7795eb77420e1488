import { useLingui } from '@lingui/react/macro';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { markToastsLoaded } from './toast-presence';

export interface ToastMessage {
  kind: 'success' | 'info' | 'error';
  /** Already translated. */
  text: string;
}

/** The app's one toast queue; the shell renders its region. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });
// The shell mounts the region once a screen that may show toasts has loaded this module.
markToastsLoaded();

/** Confirms a success (PRODUCT.md §9), e.g. `showToast(t\`Your changes are saved.\`)`. */
export function showToast(text: string, kind: ToastMessage['kind'] = 'success') {
  return toastQueue.add({ kind, text }, { timeout: kind === 'error' ? undefined : 5000 });
}

/** Where the toasts appear (bottom right; a landmark screen readers can jump to with F6). */
export function Toasts() {
  const { t } = useLingui();
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label={t`Notifications`}>
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast-${toast.content.kind}`}>
          <ToastContent>
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <AriaButton slot="close" className="toast-close" aria-label={t`Close`}>
            ×
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
