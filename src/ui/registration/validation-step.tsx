import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { useAppActors } from '../components/app-context';
import { fieldMessage } from '../components/error-message';
import { FormError } from '../components/form-error';
import { ResendButton } from '../components/resend-button';
import { TextField } from '../components/text-field';

/**
 * Step 2: the link in the e-mail; the page goes on by itself once it was opened, in any tab. A
 * mistyped address is corrected here: the link goes to the new one (issue 42).
 */
export function ValidationStep({ registration }: { registration: RegistrationActor }) {
  const { t, i18n } = useLingui();
  const { session } = useAppActors();
  const email = useSelector(session, (s) => s.context.claims?.email ?? '');
  const error = useSelector(registration, (s) => s.context.error);
  const fieldErrors = useSelector(registration, (s) => s.context.fieldErrors);
  const cooldown = useSelector(registration, (s) => s.context.cooldown);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const changing = useSelector(registration, (s) => s.matches({ validation: 'changingEmail' }));
  // Whether the change form is open, and what is typed in it: the screen's own, not a request's state.
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState(email);
  // The machine changed the address: the form closes on the new one.
  if (email !== sentTo) {
    setSentTo(email);
    setOpen(false);
    setTyped('');
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    registration.send({ type: 'registration.changeEmail', email: typed });
  };
  const emailError = fieldErrors.email?.[0];
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
      <FormError code={emailError ? null : error} />
      <div className="form-actions">
        <ResendButton
          cooldown={cooldown}
          busy={busy}
          label={t`Send the e-mail again`}
          onResend={() => registration.send({ type: 'registration.resend' })}
        />
        <button
          type="button"
          className="button secondary"
          aria-expanded={open}
          aria-controls="change-email"
          onClick={() => setOpen(!open)}
        >
          <Trans>Change the address</Trans>
        </button>
      </div>
      {open && (
        <form id="change-email" className="form" onSubmit={submit} noValidate aria-busy={changing}>
          <TextField
            id="change-email-address"
            name="email"
            type="email"
            autoComplete="email"
            isRequired
            autoFocus
            label={<Trans>The right e-mail address</Trans>}
            value={typed}
            onChange={setTyped}
            errorMessage={fieldMessage(i18n, emailError)}
          />
          <button type="submit" className="button" disabled={busy}>
            <Trans>Send the link to this address</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
