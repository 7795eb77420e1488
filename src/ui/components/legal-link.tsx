import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LegalText } from '../../../contract/legal';

/**
 * A legal text linked from inside a form (the agreements of registration and of an invitation): it
 * opens in a new tab, so that reading it loses nothing typed (issue 42). Screen readers hear that it does.
 */
export function LegalLink({ name, children }: { name: LegalText; children: ReactNode }) {
  return (
    <a href={`/legal/${name}`} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
