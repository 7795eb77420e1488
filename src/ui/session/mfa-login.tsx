import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { TwoFactorCodeSchema } from '../../../contract/session';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { formatCountdown, maskPhone } from '../components/format';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

/**
 * mfa/login: the six-digit SMS code, a resend with a visible countdown, and a way back. A reload
 * shows the same step: the number from the token, the countdown the machine counts from what the server says.
 */
export function MfaLoginScreen() {
  const { t } = useLingui();
  const { session } = useAppActors();
  const navigate = useNavigate();
  const checking = useSelector(session, (s) => s.matches('verifyingCode'));
  const resending = useSelector(session, (s) => s.matches('resendingCode'));
  const error = useSelector(session, (s) => s.context.error);
  const phoneNumber = useSelector(session, (s) => s.context.claims?.phone_number ?? null);
  // Whoever stands at the screen has only a password so far: the number shows masked.
  const phone = phoneNumber ? maskPhone(phoneNumber) : null;
  // The session's guard asks its `resendCooldown` child, whose countdown this screen shows: the
  // child's snapshot re-renders it each second and when the wait ends.
  const cooldown = useSelector(session, (s) => s.context.cooldown);
  const cooling = useSelector(cooldown, (s) => s.matches('cooling'));
  const wait = useSelector(cooldown, (s) => s.context.seconds);
  const mayResend = useSelector(session, (s) => s.can({ type: 'session.resendCode' }));
  const countdown = formatCountdown(wait);
  const [formatError, setFormatError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(TwoFactorCodeSchema, {
      code: String(new FormData(event.currentTarget).get('code') ?? ''),
    });
    if (!parsed.success) {
      setFormatError(parsed.issues[0].message);
      return;
    }
    setFormatError(null);
    session.send({ type: 'session.submitCode', code: parsed.output.code });
  }

  const shownError = formatError ?? error;
  return (
    <Screen title={t`Enter your SMS code`}>
      <p>
        {phone ? (
          <Trans>We have sent a six-digit code to {phone}. Enter it to finish logging in.</Trans>
        ) : (
          <Trans>We have sent a six-digit code to your phone. Enter it to finish logging in.</Trans>
        )}
      </p>
      <form className="form" onSubmit={submit} noValidate aria-busy={checking}>
        <FormError code={shownError} />
        <TextField
          id="mfa-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          isRequired
          label={<Trans>Code from the SMS</Trans>}
          isInvalid={Boolean(shownError)}
        />
        <button type="submit" className="button" disabled={checking}>
          {checking ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
        </button>
      </form>
      <p className="resend">
        {/* Disabled while the countdown runs, so its name changing each second is never announced. */}
        <button
          type="button"
          disabled={cooling || !mayResend || resending}
          onClick={() => session.send({ type: 'session.resendCode' })}
        >
          {wait > 0 ? <Trans>Send a new code in {countdown}</Trans> : <Trans>Send a new code</Trans>}
        </button>
      </p>
      <p>
        <button
          type="button"
          onClick={() => {
            session.send({ type: 'session.logout' });
            void navigate({ to: '/login' });
          }}
        >
          <Trans>Cancel and log in again</Trans>
        </button>
      </p>
    </Screen>
  );
}
