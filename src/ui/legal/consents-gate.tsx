import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { type ConsentsActor, consentsAsked } from '../../machines/legal/consents.machine';

// The prompt is a modal dialog: its code (react-aria's overlays) loads when there is something to
// accept, not on every signed-in page (issue 22).
const ConsentsPrompt = lazy(() =>
  import('./consents-prompt').then((module) => ({ default: module.ConsentsPrompt })),
);

/** The new-terms prompt (./consents-prompt.tsx), mounted while the user is asked to accept. */
export function ConsentsGate({ actor }: { actor: ConsentsActor }) {
  const asked = useSelector(actor, consentsAsked);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConsentsPrompt actor={actor} />
    </Suspense>
  );
}
