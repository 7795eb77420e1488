import { useLingui } from '@lingui/react/macro';
import { formatScore } from './format';

/** A score as a bar and a number (0–100): a job's results and a candidate's ranked jobs. */
export function ScoreBar({ score }: { score: number }) {
  const { i18n } = useLingui();
  const width = Math.max(0, Math.min(100, score));
  return (
    <span className="score">
      <svg viewBox="0 0 100 8" className="score-bar" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width="100" height="8" rx="4" className="score-track" />
        <rect x="0" y="0" width={width} height="8" rx="4" className="score-value" />
      </svg>
      <span className="score-number">{formatScore(i18n, score)}</span>
    </span>
  );
}
