import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'children'> {
  children: ReactNode;
}

/** An on/off switch (role switch) with its label. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className="rac-switch">
      <span className="rac-switch-track" aria-hidden="true">
        <span className="rac-switch-thumb" />
      </span>
      {children}
    </AriaSwitch>
  );
}
