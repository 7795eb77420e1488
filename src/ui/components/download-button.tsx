import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyDownloadLogic } from '../../machines/shared/download.machine';
import { errorMessage } from './error-message';

/** A button over a download machine: disabled while it fetches (one file per click), its error beside it. */
export function DownloadButton({
  logic,
  fileName,
  children,
}: {
  logic: AnyDownloadLogic;
  fileName: string;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const download = useActorRef(logic);
  const busy = useSelector(download, (s) => s.hasTag('busy'));
  const error = useSelector(download, (s) => s.context.error);
  return (
    <p>
      <button
        type="button"
        aria-busy={busy}
        disabled={busy}
        onClick={() => download.send({ type: 'download.start', fileName })}
      >
        {children}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {' '}
          {errorMessage(i18n, error)}
        </span>
      )}
    </p>
  );
}
