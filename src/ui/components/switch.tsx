import type { ReactNode } from 'react';

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
 * Disabled, it stays focusable (`aria-disabled`, not the `disabled` attribute) and refuses to toggle
 * (its change is not passed on, and React puts the controlled input back to `isSelected`):
 * a switch is disabled while its change is saved, and a disabled input loses the focus, so a keyboard
 * user who pressed Space found themselves back at the top of the page; and a switch the agency's
 * pause holds can still be reached and read with its reason (`aria-describedby`).
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
        aria-disabled={isDisabled || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          if (!isDisabled) onChange(event.target.checked);
        }}
      />
      <span className="rac-switch-track" aria-hidden="true">
        <span className="rac-switch-thumb" />
      </span>
      {children}
    </label>
  );
}
