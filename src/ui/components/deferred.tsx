import { type ReactNode, startTransition, useDeferredValue, useEffect, useRef, useState } from 'react';
import { nextTask } from './next-task';

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

// The parts waiting for their turn, first come first drawn; `drawing` while one has its turn.
const waiting: (() => void)[] = [];
let drawing = false;

function nextTurn(): void {
  const show = waiting.shift();
  drawing = show !== undefined;
  show?.();
}

/** The next part's turn, in a task of its own. */
function passTurn(): void {
  void nextTask().then(nextTurn);
}

/**
 * A part drawn in a task of its own, one part after the other (issue 22). `Deferred` slices a render,
 * but not what react-aria's collections (Select, ComboBox, GridList) do once mounted: each builds its
 * items in a hidden render and hands them to the visible one through `useSyncExternalStore`, which
 * React always renders synchronously, and all collections mounted by one render do so in the same
 * task (a pipeline board's seven columns: ~450 ms on a phone). Each `Staged` part mounts after the
 * previous one has committed, so that work comes one collection at a time. `fallback` stands in
 * meanwhile: keep its size the part's, and keep it out of reach (inert, hidden from assistive
 * technology) — a click on it would be lost.
 */
export function Staged({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  const committed = useRef(false);
  useEffect(() => {
    if (!shown) return;
    // Committed, its collections' synchronous follow-up included: the next part, in a new task.
    committed.current = true;
    passTurn();
  }, [shown]);
  useEffect(() => {
    let gone = false;
    let called = false;
    waiting.push(() => {
      called = true;
      if (gone) nextTurn();
      else startTransition(() => setShown(true));
    });
    if (!drawing) {
      drawing = true;
      passTurn();
    }
    return () => {
      gone = true;
      // Its turn came, but it went before drawing: the turn passes on.
      if (called && !committed.current) passTurn();
    };
  }, []);
  return shown ? children : fallback;
}
