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
  /** One thing to do about it, e.g. "Undo" (issue 42); the toast closes when it is pressed. */
  action?: ToastAction;
}

export interface ToastAction {
  /** Already translated. */
  label: string;
  run: () => void;
}

/** The app's one toast queue; the shell renders its region. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });
// The shell mounts the region once a screen that may show toasts has loaded this module.
markToastsLoaded();

/**
 * Confirms a success (PRODUCT.md §9), e.g. `showToast(t\`Your changes are saved.\`)`. A toast with an
 * action stays 10 s. Screens do not leave keyboard users to find it: what the action undoes offers its
 * own way back where focus is (archiving focuses "Re-activate", src/ui/jobs/job-actions.tsx).
 */
export function showToast(text: string, kind: ToastMessage['kind'] = 'success', action?: ToastAction) {
  const timeout = kind === 'error' ? undefined : action ? 10_000 : 5000;
  return toastQueue.add(action ? { kind, text, action } : { kind, text }, timeout ? { timeout } : {});
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
          {toast.content.action && (
            <AriaButton
              className="toast-action"
              onPress={() => {
                toast.content.action?.run();
                toastQueue.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </AriaButton>
          )}
          <AriaButton slot="close" className="toast-close" aria-label={t`Close`}>
            ×
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
