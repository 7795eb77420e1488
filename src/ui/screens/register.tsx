import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { getCountries } from 'libphonenumber-js';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  PhoneConfirmSchema,
  PhoneRequestSchema,
  RegistrationRequestSchema,
  USER_CATEGORIES,
} from '../../../contract/account';
import type { FieldDefinition } from '../../../contract/catalog';
import { fetchFields } from '../../api/profile';
import { citySearchLogic } from '../../machines/city-search.machine';
import { profileMachine } from '../../machines/profile.machine';
import { type RegistrationActor, registrationMachine } from '../../machines/registration.machine';
import { registrationImplementations } from '../../machines/registration-actors';
import { profileActors } from '../../machines/workspace';
import { useAppActors } from '../app-context';
import { CatalogForm, ErrorSummary } from '../catalog-form';
import { PasswordStrength } from '../password-strength';
import { PhotoPanel } from '../photo-panel';
import { Screen } from '../screen';
import { FormError, TextField } from '../text-field';
import { useNow } from '../use-now';

const CATEGORY_NAMES = {
  stella: msg`Candidate with experience (stella)`,
  luna: msg`Prospect, not yet vetted (luna)`,
  nova: msg`Newcomer: student, graduate, apprentice or career changer (nova)`,
  company: msg`Employer (company)`,
} as const;

const STEP_OF: Record<string, number> = {
  account: 1,
  creatingAccount: 1,
  awaitingValidation: 2,
  resendingValidation: 2,
  phone: 3,
  savingPhone: 3,
  confirmingPhone: 3,
  resendingPhoneCode: 3,
  checkingCode: 3,
  skippingPhone: 3,
  profile: 4,
  advancingFromProfile: 4,
  photo: 5,
  finishing: 5,
};

/** The guided registration (PRODUCT.md §3), one screen per step, driven by the registration machine. */
export function RegisterScreen() {
  const { t } = useLingui();
  const { session, api } = useAppActors();
  const navigate = useNavigate();
  const step = useSelector(session, (s) =>
    s.matches('authenticated') ? (s.context.claims?.registration_step ?? 0) : 0,
  );
  const registration = useActorRef(registrationMachine.provide(registrationImplementations(api, session)), {
    input: { step },
  });
  const state = useSelector(registration, (s) => s.value as string);
  useEffect(() => {
    if (state === 'done') void navigate({ to: '/dashboard' });
  }, [state, navigate]);
  const current = STEP_OF[state] ?? 5;
  return (
    <Screen title={t`Register`}>
      <p className="muted">
        <Trans>Step {current} of 5</Trans>
      </p>
      {(state === 'account' || state === 'creatingAccount') && <AccountStep registration={registration} />}
      {(state === 'awaitingValidation' || state === 'resendingValidation') && (
        <ValidationStep registration={registration} />
      )}
      {[
        'phone',
        'savingPhone',
        'confirmingPhone',
        'resendingPhoneCode',
        'checkingCode',
        'skippingPhone',
      ].includes(state) && <PhoneStep registration={registration} />}
      {(state === 'profile' || state === 'advancingFromProfile') && (
        <ProfileStep registration={registration} />
      )}
      {(state === 'photo' || state === 'finishing') && <PhotoStep registration={registration} />}
    </Screen>
  );
}

function AccountStep({ registration }: { registration: RegistrationActor }) {
  const { t, i18n } = useLingui();
  const { locale } = useAppActors();
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const serverError = useSelector(registration, (s) => s.context.error);
  const serverFields = useSelector(registration, (s) => s.context.fieldErrors);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = (key: string) => errors[key] ?? serverFields[key]?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = v.safeParse(RegistrationRequestSchema, {
      email,
      password,
      category: String(data.get('category') ?? ''),
      language: String(data.get('language') ?? locale.getSnapshot().context.language),
      accepted: data.getAll('accepted').map(String),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const key = v.getDotPath(issue) ?? '_';
        found[key.split('.')[0] ?? key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    registration.send({ type: 'registration.createAccount', account: parsed.output });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <FormError code={serverError === 'request.invalid' ? null : serverError} />
      <TextField
        id="register-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        label={<Trans>E-mail address</Trans>}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={first('email')}
      />
      <TextField
        id="register-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        label={<Trans>Password</Trans>}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={first('password')}
      />
      <PasswordStrength password={password} email={email} />
      <fieldset className="field">
        <legend>
          <Trans>I register as</Trans>
        </legend>
        {USER_CATEGORIES.map((category) => (
          <label key={category} className="checkbox">
            <input type="radio" name="category" value={category} defaultChecked={category === 'stella'} />
            {i18n._(CATEGORY_NAMES[category])}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="register-language">
          <Trans>Language for e-mails and SMS</Trans>
        </label>
        <select id="register-language" name="language" defaultValue={locale.getSnapshot().context.language}>
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </select>
      </div>
      <fieldset
        className="field"
        aria-describedby={first('accepted') ? 'register-accepted-error' : undefined}
      >
        <legend>
          <Trans>Agreements</Trans>
        </legend>
        <label className="checkbox">
          <input type="checkbox" name="accepted" value="terms-conditions" />
          <span>
            <Trans>
              I accept the{' '}
              <Link to="/legal/$name" params={{ name: 'terms-conditions' }}>
                terms and conditions
              </Link>
              .
            </Trans>
          </span>
        </label>
        <label className="checkbox">
          <input type="checkbox" name="accepted" value="condition-agreements" />
          <span>
            <Trans>
              I accept the{' '}
              <Link to="/legal/$name" params={{ name: 'condition-agreements' }}>
                conditions of agreement
              </Link>
              .
            </Trans>
          </span>
        </label>
        {first('accepted') && (
          <p id="register-accepted-error" className="field-error">
            {t`Please accept both to register.`}
          </p>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Create account</Trans>
      </button>
    </form>
  );
}

function ResendButton({ registration, label }: { registration: RegistrationActor; label: string }) {
  const allowedAt = useSelector(registration, (s) => s.context.resendAllowedAt);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const now = useNow(allowedAt !== null);
  const wait = allowedAt === null ? 0 : Math.max(0, Math.ceil((allowedAt - now) / 1000));
  return (
    <p className="resend">
      <button
        type="button"
        disabled={wait > 0 || busy}
        onClick={() => registration.send({ type: 'registration.resend' })}
      >
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

function ValidationStep({ registration }: { registration: RegistrationActor }) {
  const { t } = useLingui();
  const { session } = useAppActors();
  const email = useSelector(session, (s) => s.context.claims?.email ?? '');
  const error = useSelector(registration, (s) => s.context.error);
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
      <ResendButton registration={registration} label={t`Send the e-mail again`} />
    </div>
  );
}

function PhoneStep({ registration }: { registration: RegistrationActor }) {
  const { t, i18n } = useLingui();
  const state = useSelector(registration, (s) => s.value as string);
  const error = useSelector(registration, (s) => s.context.error);
  const phone = useSelector(registration, (s) => s.context.phone);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const [formError, setFormError] = useState<string | null>(null);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.locale));
  }, [i18n.locale]);
  const confirming = ['confirmingPhone', 'resendingPhoneCode', 'checkingCode'].includes(state);
  return (
    <div>
      <h2>
        <Trans>Protect your login with an SMS code</Trans>
      </h2>
      <p>
        <Trans>
          With SMS protection, every login also asks for a code sent to your phone. You can skip this step.
        </Trans>
      </p>
      <FormError code={formError ?? error} />
      {!confirming ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const parsed = v.safeParse(PhoneRequestSchema, {
              phoneNumber: String(data.get('phoneNumber') ?? ''),
              countryCode: String(data.get('countryCode') ?? ''),
            });
            if (!parsed.success) return setFormError(parsed.issues[0].message);
            setFormError(null);
            registration.send({ type: 'registration.savePhone', ...parsed.output });
          }}
        >
          <div className="field">
            <label htmlFor="phone-country">
              <Trans>Country</Trans>
            </label>
            <select id="phone-country" name="countryCode" defaultValue="DE">
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="phone-number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            label={<Trans>Mobile number</Trans>}
          />
          <button type="submit" className="button" disabled={busy}>
            <Trans>Send code</Trans>
          </button>
        </form>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = v.safeParse(PhoneConfirmSchema, {
              code: String(new FormData(e.currentTarget).get('code') ?? ''),
            });
            if (!parsed.success) return setFormError(parsed.issues[0].message);
            setFormError(null);
            registration.send({ type: 'registration.confirmCode', code: parsed.output.code });
          }}
        >
          <p>
            <Trans>We have sent a six-digit code to {phone}.</Trans>
          </p>
          <TextField
            id="phone-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            label={<Trans>Code from the SMS</Trans>}
          />
          <button type="submit" className="button" disabled={busy}>
            <Trans>Confirm</Trans>
          </button>
          <ResendButton registration={registration} label={t`Send a new code`} />
          <button type="button" onClick={() => registration.send({ type: 'registration.changePhone' })}>
            <Trans>Use another number</Trans>
          </button>
        </form>
      )}
      <p>
        <button
          type="button"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.skipPhone' })}
        >
          <Trans>Skip: no SMS protection</Trans>
        </button>
      </p>
    </div>
  );
}

/** Step 4: only the required fields of the category, saved with the profile calls. */
function ProfileStep({ registration }: { registration: RegistrationActor }) {
  const { api, session } = useAppActors();
  const claims = useSelector(session, (s) => s.context.claims);
  const [fields, setFields] = useState<FieldDefinition[] | null>(null);
  const company = claims?.user_type === 'company';
  useEffect(() => {
    let current = true;
    void fetchFields(api, company ? 'company' : 'profile').then((all) => {
      if (current) setFields(all.filter((f) => f.required));
    });
    return () => {
      current = false;
    };
  }, [api, company]);
  if (!fields || !claims) return <p aria-busy="true" />;
  return (
    <RequiredFields
      fields={fields}
      userType={claims.user_type}
      company={company}
      registration={registration}
    />
  );
}

function RequiredFields({
  fields,
  userType,
  company,
  registration,
}: {
  fields: FieldDefinition[];
  userType: string;
  company: boolean;
  registration: RegistrationActor;
}) {
  const { api } = useAppActors();
  const error = useSelector(registration, (s) => s.context.error);
  const cities = useMemo(() => citySearchLogic(api), [api]);
  const profile = useActorRef(profileMachine.provide({ actors: profileActors(api) }), {
    input: { scope: company ? 'company' : 'profile', userType, fields, hasFinishedRegistration: false },
  });
  const snapshot = useSelector(profile, (s) => s);
  const saved =
    snapshot.matches('saved') ||
    (snapshot.matches({ editing: 'clean' }) && (snapshot.context.profile?.missing.length ?? 1) === 0);
  useEffect(() => {
    if (saved) registration.send({ type: 'registration.profileDone' });
  }, [saved, registration]);
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        profile.send({ type: 'profile.save' });
      }}
    >
      <h2>
        <Trans>What agents need to know first</Trans>
      </h2>
      <FormError code={error ?? snapshot.context.error} />
      <ErrorSummary fields={fields} errors={snapshot.context.formErrors} idPrefix="register-profile" />
      <CatalogForm
        fields={fields}
        values={snapshot.context.form}
        errors={snapshot.context.formErrors}
        onChange={(key, value) => profile.send({ type: 'profile.change', key, value })}
        citySearch={cities}
        idPrefix="register-profile"
      />
      <button type="submit" className="button" disabled={snapshot.hasTag('busy')}>
        <Trans>Save and continue</Trans>
      </button>
    </form>
  );
}

/** Step 5: a photo, or not. */
function PhotoStep({ registration }: { registration: RegistrationActor }) {
  const { api, session } = useAppActors();
  const claims = useSelector(session, (s) => s.context.claims);
  const error = useSelector(registration, (s) => s.context.error);
  const profile = useActorRef(profileMachine.provide({ actors: profileActors(api) }), {
    input: {
      scope: 'profile',
      userType: claims?.user_type ?? 'stella',
      fields: [],
      hasFinishedRegistration: false,
    },
  });
  const image = useSelector(profile, (s) => s.context.image);
  return (
    <div>
      <FormError code={error} />
      {claims?.user_type !== 'company' && <PhotoPanel api={api} profile={profile} session={session} />}
      <p>
        <button
          type="button"
          className="button"
          onClick={() => registration.send({ type: 'registration.photoDone' })}
        >
          {image ? <Trans>Finish registration</Trans> : <Trans>Skip and finish registration</Trans>}
        </button>
      </p>
    </div>
  );
}
