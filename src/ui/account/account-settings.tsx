import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useMemo } from 'react';
import { isCandidateType } from '../../../contract/user-types';
import { accountLogic, phoneForms } from '../../machines/account/account-actors';
import type { PhoneSetupActor } from '../../machines/account/phone-setup.machine';
import { useAppActors } from '../components/app-context';
import { DownloadButton } from '../components/download-button';
import { errorMessage } from '../components/error-message';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { PhoneSetupForm } from '../components/phone-setup-form';
import { RetryAlert } from '../components/retry-alert';
import { Switch } from '../components/switch';
import { TextField } from '../components/text-field';

/** Change password, change or remove the SMS phone, download or delete the account's data. */
export function AccountSettings() {
  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title">
        <Trans>Account</Trans>
      </h2>
      <ChangePassword />
      <PhoneSettings />
      <PresentationConsentSetting />
      <DataExport />
      <DeleteAccount />
    </section>
  );
}

function ChangePassword() {
  const { t } = useLingui();
  const { logic } = useAppActors();
  const form = useActorRef(accountLogic(logic).changePassword, { input: {} });
  const { snapshot, field, submit } = useFormFields(form);
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">
        <Trans>Change password</Trans>
      </h3>
      <FormError code={snapshot.context.error} />
      {snapshot.matches('done') && (
        <p role="status">{t`Your password is changed; other sessions were ended.`}</p>
      )}
      <TextField
        id="current-password"
        {...field('currentPassword')}
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <TextField
        id="new-password"
        {...field('newPassword')}
        type="password"
        autoComplete="new-password"
        label={<Trans>New password</Trans>}
      />
      <button type="submit" disabled={snapshot.hasTag('busy')}>
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}

/** SMS login protection: the phone-setup machine, started with the claims' current status. */
function PhoneSettings() {
  const { t } = useLingui();
  const { logic, session } = useAppActors();
  const claims = useSelector(session, (s) => s.context.claims);
  const phone = useActorRef(accountLogic(logic).phoneSettings, {
    input: { enabled: claims?.mfa_status === 'enabled' },
  });
  const snapshot = useSelector(phone, (s) => s);
  const enabled = snapshot.context.enabled;
  if (!claims) return null;
  return (
    <div className="form">
      <h3>
        <Trans>SMS login protection</Trans>
      </h3>
      <p>{enabled ? <Trans>On, with the number {claims.phone_number}.</Trans> : <Trans>Off.</Trans>}</p>
      {snapshot.matches('confirmed') && (
        <p role="status">{t`SMS login protection is on with the new number.`}</p>
      )}
      {snapshot.matches('turnedOff') && <p role="status">{t`SMS login protection is off.`}</p>}
      <PhoneSetupForm
        phone={phone}
        idPrefix="phone-settings"
        withPassword
        sendLabel={enabled ? t`Change number` : t`Turn on with this number`}
      />
      {/* Kept while the turn-off runs: its form waits for the answer and shows a refusal. */}
      {(snapshot.can({ type: 'phone.turnOff', currentPassword: '' }) || snapshot.matches('turningOff')) && (
        <TurnOffForm phone={phone} />
      )}
    </div>
  );
}

/** Turning SMS login off with the current password: a form that hands it to the phone setup. */
function TurnOffForm({ phone }: { phone: PhoneSetupActor }) {
  const forms = useMemo(() => phoneForms(phone), [phone]);
  const { snapshot, field, submit } = useFormFields(useActorRef(forms.turnOff, { input: {} }));
  const phoneBusy = useSelector(phone, (s) => s.hasTag('busy'));
  return (
    <form className="form" noValidate aria-busy={snapshot.hasTag('busy')} onSubmit={submit}>
      <FormError code={snapshot.context.error} />
      <TextField
        id="disable-2fa-password"
        {...field('currentPassword')}
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <button type="submit" disabled={phoneBusy || snapshot.hasTag('busy')}>
        <Trans>Turn SMS protection off</Trans>
      </button>
    </form>
  );
}

/**
 * Candidates only: may the agency send clients the full card with name, photo and contact data, or
 * only the anonymised one (issue 21)? Off until the candidate switches it on; withdrawable any time.
 */
function PresentationConsentSetting() {
  const { logic, session } = useAppActors();
  const candidate = useSelector(session, (s) => isCandidateType(s.context.claims?.user_type ?? ''));
  if (!candidate) return null;
  return <PresentationConsentSwitch logic={accountLogic(logic).presentationConsent} />;
}

function PresentationConsentSwitch({
  logic,
}: {
  logic: ReturnType<typeof accountLogic>['presentationConsent'];
}) {
  const { i18n } = useLingui();
  const consent = useActorRef(logic);
  const state = useSelector(consent, (s) => s);
  const { consented, since, error } = state.context;
  const given = since
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(since))
    : '';
  return (
    <section className="form" aria-labelledby="presentation-consent-title">
      <h3 id="presentation-consent-title">
        <Trans>Presented by name</Trans>
      </h3>
      <p>
        <Trans>
          Without your consent, clients only get an anonymised card: your experience, skills and availability
          with a reference number, never your name, photo, birth date or contact details.
        </Trans>
      </p>
      {state.matches('loadFailed') ? (
        <RetryAlert code={error} onRetry={() => consent.send({ type: 'consent.retry' })} />
      ) : (
        <Switch
          isSelected={consented}
          isDisabled={!state.can({ type: 'consent.set', consented: !consented })}
          onChange={(on) => consent.send({ type: 'consent.set', consented: on })}
        >
          <Trans>The agency may send clients my full card with my name and contact details</Trans>
        </Switch>
      )}
      {consented && given && (
        <p className="muted">
          <Trans>Given on {given}.</Trans>
        </p>
      )}
      {error && !state.matches('loadFailed') && (
        <p className="form-error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </section>
  );
}

/** "Download my data": everything the server holds about the account, as a JSON file. */
function DataExport() {
  const { i18n } = useLingui();
  const { logic } = useAppActors();
  return (
    <div className="form">
      <h3>
        <Trans>Your data</Trans>
      </h3>
      <p>
        <Trans>Everything Matchwerk holds about your account, as a file you can keep (JSON).</Trans>
      </p>
      <DownloadButton
        logic={accountLogic(logic).accountExport}
        fileName={i18n.locale === 'en' ? 'matchwerk-my-data.json' : 'matchwerk-meine-daten.json'}
      >
        <Trans>Download my data</Trans>
      </DownloadButton>
    </div>
  );
}

function DeleteAccount() {
  const { t } = useLingui();
  const { logic } = useAppActors();
  const navigate = useNavigate();
  // The account is gone and the session ended: the start page, as after any session's end.
  const form = useActorRef(accountLogic(logic).deleteAccount, { input: {} }, (s) => {
    if (s.matches('done')) void navigate({ to: '/' });
  });
  const { snapshot, field } = useFormFields(form);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (window.confirm(t`Delete your account and all your data now? This cannot be undone.`))
      form.send({ type: 'form.submit' });
  }
  return (
    <form className="form danger" onSubmit={submit} noValidate aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">
        <Trans>Delete account</Trans>
      </h3>
      <p>
        <Trans>
          This deletes your account, your profile, your photo and all messages to you at once. It cannot be
          undone.
        </Trans>
      </p>
      <FormError code={snapshot.context.error} />
      <TextField
        id="delete-password"
        {...field('password')}
        type="password"
        autoComplete="current-password"
        label={<Trans>Current password</Trans>}
      />
      <button type="submit" className="button danger" disabled={snapshot.hasTag('busy')}>
        <Trans>Delete my account</Trans>
      </button>
    </form>
  );
}
