import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/**
 * Previous / next with "page x of y", inside a labelled navigation landmark. A page past the last
 * ("page 999 of 11") never reaches it: the list's resource machine asks for the last page instead
 * (src/machines/shared/resource.machine.ts), and the screen passes the page it shows.
 */
export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  const { t } = useLingui();
  const last = Math.max(1, pageCount);
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
