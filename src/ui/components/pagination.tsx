import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Button } from './button';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /**
   * Asked once the list's count is known and the address names a page past the last ("page 999 of
   * 11"): the screen replaces it with the last page, so the rows, the count and "page x of y" agree.
   */
  onClamp?: (last: number) => void;
}

/** Previous / next with "page x of y", inside a labelled navigation landmark. */
export function Pagination({ page, pageCount, onChange, onClamp }: PaginationProps) {
  const { t } = useLingui();
  const last = Math.max(1, pageCount);
  useEffect(() => {
    if (page > last) onClamp?.(last);
  }, [page, last, onClamp]);
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        <Trans>Previous</Trans>
      </Button>
      <span aria-live="polite">
        <Trans>
          Page {page} of {last}
        </Trans>
      </span>
      <Button variant="secondary" isDisabled={page >= last} onPress={() => onChange(page + 1)}>
        <Trans>Next</Trans>
      </Button>
    </nav>
  );
}
