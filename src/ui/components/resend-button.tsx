import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ResendCooldownActor } from '../../machines/shared/resend-cooldown.machine';

/**
 * A "send again" button with its visible countdown, read from the flow's `resendCooldown` child: the
 * parent's guard asks the same child, this only shows it.
 */
export function ResendButton({
  cooldown,
  busy,
  label,
  onResend,
}: {
  cooldown: ResendCooldownActor;
  busy: boolean;
  label: string;
  onResend: () => void;
}) {
  const cooling = useSelector(cooldown, (s) => s.matches('cooling'));
  const wait = useSelector(cooldown, (s) => s.context.seconds);
  return (
    <p className="resend">
      <button type="button" disabled={cooling || busy} onClick={onResend}>
        {label}
      </button>
      {cooling && wait > 0 && (
        <span aria-live="polite">
          <Trans>possible in {wait} s</Trans>
        </span>
      )}
    </p>
  );
}
