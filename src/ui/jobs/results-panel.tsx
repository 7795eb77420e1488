import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * The results tab's panel, drawn after react-aria's `Tabs` instead of as its `TabPanel` (issue 43).
 * react-aria's panel looks for a tabbable element in its content after each of its renders and on
 * every change of that content (a MutationObserver), and each look made the browser compute the
 * styles of what had just been inserted, inside the task that inserted it: the largest single part
 * of the results page's own work on a phone. The results always hold the filters' fields, so the panel
 * needs no tabIndex of its own. Its id and label are the ones react-aria gives the selected tab's
 * panel (`<tab list's id>-tabpanel-<key>`, its tab `<tab list's id>-tab-<key>`); axe checks on
 * every visit of the page that the tab's `aria-controls` finds it.
 */
export function ResultsPanel({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [list, setList] = useState<string | null>(null);
  useLayoutEffect(() => {
    const id = ref.current?.previousElementSibling?.querySelector('[role="tablist"]')?.id;
    if (id) setList(id);
  }, []);
  return (
    <div
      ref={ref}
      role="tabpanel"
      className="rac-tabpanel"
      id={list ? `${list}-tabpanel-results` : undefined}
      aria-labelledby={list ? `${list}-tab-results` : undefined}
    >
      {children}
    </div>
  );
}
