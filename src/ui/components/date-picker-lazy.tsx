import { lazy, Suspense } from 'react';
import type { DatePickerProps } from './date-picker';

// The date picker (react-aria's DatePicker, its calendar and @internationalized/date: 35 kB gzip) is
// loaded when a date field is first drawn, not with the page: on the results page it opens only
// for a follow-up or a logged call (issue 22: the page's JavaScript was evaluated on a phone's main
// thread before it showed anything).
const Loaded = lazy(() => import('./date-picker').then((module) => ({ default: module.DatePicker })));

/** Starts loading the date picker's code: the pointer or the focus reached what opens one. */
export function preloadDatePicker(): void {
  void import('./date-picker').catch(() => {
    // Not loaded now: the field's own load reports it.
  });
}

/**
 * The app's date field (./date-picker.tsx), loaded on first use. Until its code is there the field
 * is its look without segments — its label and box, the same size, marked busy — so nothing moves.
 */
export function LazyDatePicker(props: DatePickerProps) {
  return (
    <Suspense
      fallback={
        <div
          className={['rac-field', 'rac-date-picker', props.className].filter(Boolean).join(' ')}
          aria-busy="true"
        >
          <span className={props.labelHidden ? 'visually-hidden' : 'rac-label'}>{props.label}</span>
          <div className="rac-input rac-date-group">
            <span className="rac-date-input" />
            <span className="rac-date-button" aria-hidden="true">
              ▾
            </span>
          </div>
        </div>
      }
    >
      <Loaded {...props} />
    </Suspense>
  );
}
