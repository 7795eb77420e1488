import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { ResendButton } from '../components/resend-button';

/** Step 2: the link in the e-mail; the page goes on by itself once it was opened, in any tab. */
export function ValidationStep({ registration }: { registration: RegistrationActor }) {
  const { t } = useLingui();
  const { session } = useAppActors();
  const email = useSelector(session, (s) => s.context.claims?.email ?? '');
  const error = useSelector(registration, (s) => s.context.error);
  const allowedAt = useSelector(registration, (s) => s.context.resendAllowedAt);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  return (
    <div>
      <h2>
        <Trans>Confirm your e-mail address</Trans>
      </h2>
      <p>
        <Trans>
          We have sent an e-mail to {email}. Open the link in it; this page goes on by itself, also when you
          open the link in another tab.
        </Trans>
      </p>
      <FormError code={error} />
      <ResendButton
        allowedAt={allowedAt}
        busy={busy}
        label={t`Send the e-mail again`}
        onResend={() => registration.send({ type: 'registration.resend' })}
      />
    </div>
  );
}
