import { type ReactNode, useDeferredValue } from 'react';

/**
 * A part of a screen that React draws in the background (issue 22): the machines' answers reach the
 * screens as synchronous updates (useSelector is an external store), so a table of twenty rows with
 * their react-aria hooks, or a pipeline board, was drawn in one long task that blocked input for up to
 * 1.5 s on a phone. Inside `Deferred` an update first keeps the part as it was, then draws its new
 * content in a render React interrupts every few milliseconds for input and paints between
 * (`useDeferredValue`). On mount the part starts as `fallback` (nothing) and follows at once.
 *
 * Only for parts that show data (lists, boards, timelines): a field whose value comes from a machine
 * must stay in the urgent render, or the typed text would lag behind.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useDeferredValue(children, fallback);
}
