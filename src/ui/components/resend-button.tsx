import { Trans } from '@lingui/react/macro';
import { useNow } from './use-now';

/** A "send again" button with its visible countdown; the machine's guard decides, this only shows it. */
export function ResendButton({
  allowedAt,
  busy,
  label,
  onResend,
}: {
  allowedAt: number | null;
  busy: boolean;
  label: string;
  onResend: () => void;
}) {
  const now = useNow(allowedAt !== null);
  const wait = allowedAt === null ? 0 : Math.max(0, Math.ceil((allowedAt - now) / 1000));
  return (
    <p className="resend">
      <button type="button" disabled={wait > 0 || busy} onClick={onResend}>
        {label}
      </button>
      {wait > 0 && (
        <span aria-live="polite">
          <Trans>possible in {wait} s</Trans>
        </span>
      )}
    </p>
  );
}
