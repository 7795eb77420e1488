import { Label, ProgressBar } from 'react-aria-components';

export interface ProgressProps {
  label: string;
  /** 0–100; leave out for "busy, how long unknown". */
  value?: number;
}

/** A labelled progress bar (role progressbar with its value read out). */
export function Progress({ label, value }: ProgressProps) {
  return (
    <ProgressBar value={value} isIndeterminate={value === undefined} className="rac-progress">
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className="rac-progress-head">
            <Label>{label}</Label>
            {!isIndeterminate && <span>{valueText}</span>}
          </div>
          <div className="rac-progress-track">
            <div
              className={isIndeterminate ? 'rac-progress-fill indeterminate' : 'rac-progress-fill'}
              style={isIndeterminate ? undefined : { width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
