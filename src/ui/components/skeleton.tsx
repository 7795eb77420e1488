import { Trans } from '@lingui/react/macro';

/** Grey placeholder lines where content is about to appear; announced once as "loading". */
export function Skeleton({
  lines = 3,
  heading = true,
  label,
}: {
  lines?: number;
  heading?: boolean;
  /** What is loading, in words ("Loading the jobs…"); "Loading…" when unset. */
  label?: string;
}) {
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label ?? <Trans>Loading…</Trans>}</span>
      {heading && <div className="skeleton-block skeleton-heading" aria-hidden="true" />}
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className={`skeleton-block skeleton-line skeleton-line-${i % 3}`} aria-hidden="true" />
      ))}
    </div>
  );
}
