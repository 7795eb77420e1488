import type { ReactNode } from 'react';
import { heldToggle } from './held-toggle';

export interface SwitchProps {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * An on/off switch with its label: the browser's own checkbox with the role switch (its keyboard,
 * focus and checked state), kept under the drawn track, and the label around both, so a click anywhere
 * on it toggles. Not react-aria's Switch, for the reason ./checkbox.tsx gives: a native input needs
 * none of its hooks to be accessible, and they were a third of what a candidate's dashboard evaluated
 * before it showed the switch (issue 22). The states are data attributes, as react-aria's were.
 *
 * Disabled, it stays focusable and refuses to toggle (./held-toggle.ts): a switch is disabled while
 * its change is saved, and one the agency's pause holds can still be reached and read with its reason.
 */
export function Switch({
  isSelected,
  onChange,
  isDisabled,
  'aria-describedby': describedBy,
  children,
}: SwitchProps) {
  return (
    <label
      className="rac-switch"
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
    >
      <input
        type="checkbox"
        role="switch"
        aria-checked={isSelected}
        className="rac-switch-input"
        checked={isSelected}
        aria-describedby={describedBy}
        {...heldToggle(isDisabled, onChange)}
      />
      <span className="rac-switch-track" aria-hidden="true">
        <span className="rac-switch-thumb" />
      </span>
      {children}
    </label>
  );
}
