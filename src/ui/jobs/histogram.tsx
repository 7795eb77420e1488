import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../components/format';

/** The spread of included scores: 20 bars of 5 points each, 0 on the left, 100 on the right. */
export function Histogram({ bins }: { bins: number[] }) {
  const { t, i18n } = useLingui();
  const highest = Math.max(1, ...bins);
  const total = bins.reduce((a, b) => a + b, 0);
  const from80 = bins.slice(16).reduce((a, b) => a + b, 0);
  const width = 200;
  const height = 60;
  const bar = width / Math.max(1, bins.length);
  return (
    <figure className="histogram">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t`Score distribution: ${plural(total, { one: '# candidate', other: '# candidates' })}, ${formatNumber(i18n, from80)} of them score 80 or more`}
      >
        {bins.map((count, i) => {
          const h = (count / highest) * (height - 2);
          const from = i * 5;
          return (
            <rect
              key={from}
              x={i * bar + 1}
              y={height - h}
              width={bar - 2}
              height={h}
              className="histogram-bar"
            />
          );
        })}
      </svg>
      <figcaption className="muted">{t`Scores from 0 (left) to 100 (right)`}</figcaption>
    </figure>
  );
}
