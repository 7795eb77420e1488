import type { ReactNode } from 'react';
import { heldToggle } from './held-toggle';

export interface CheckboxProps {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  isInvalid?: boolean;
  id?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * A checkbox with a drawn box: the browser's own input (its role, keyboard, focus and form
 * behaviour), kept under the box, and the label around both, so a click anywhere on it toggles.
 * Not react-aria's Checkbox, as the other widgets are: a native checkbox needs none of its help to
 * be accessible, and its hooks made each of a job's twenty result rows 1–2 ms of a phone's main
 * thread to draw (issue 22). The states are data attributes, as react-aria's were. Disabled, it
 * stays focusable and refuses to toggle (./held-toggle.ts), as the switch does.
 */
export function Checkbox({
  isSelected,
  onChange,
  isDisabled,
  isInvalid,
  id,
  'aria-describedby': describedBy,
  children,
}: CheckboxProps) {
  return (
    <label
      className="rac-checkbox"
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
      data-invalid={isInvalid || undefined}
    >
      <input
        type="checkbox"
        className="rac-checkbox-input"
        id={id}
        checked={isSelected}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        {...heldToggle(isDisabled, onChange)}
      />
      <span className="rac-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" aria-hidden="true">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      {children}
    </label>
  );
}
