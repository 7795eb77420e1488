import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
}

/** A checkbox with a drawn box (states from react-aria's data attributes). */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="rac-checkbox">
      <span className="rac-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" aria-hidden="true">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      {children}
    </AriaCheckbox>
  );
}
