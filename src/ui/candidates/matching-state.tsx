import { useLingui } from '@lingui/react/macro';

/**
 * A candidate's two switches (PRODUCT.md §8) as the agents' screens show them: the agency's block
 * ("blocked by the agency": in no run, and the candidate cannot undo it) and the candidate's own
 * switch ("paused by the candidate", who turns it back on themselves), never folded into one
 * "inactive". Both show when both are off; "active" when neither is.
 */
export function MatchingState({ paused, blocked }: { paused: boolean; blocked: boolean }) {
  const { t } = useLingui();
  return (
    <span className="matching-state">
      {blocked && (
        <span className="badge badge-warning" data-matching="blocked">
          {t`blocked by the agency`}
        </span>
      )}
      {paused && (
        <span className="badge" data-matching="paused">
          {t`paused by the candidate`}
        </span>
      )}
      {!blocked && !paused && (
        <span className="badge" data-matching="active">
          {t`active`}
        </span>
      )}
    </span>
  );
}
