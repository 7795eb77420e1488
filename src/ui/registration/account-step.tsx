import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { RegistrationRequestSchema, USER_CATEGORIES } from '../../../contract/account';
import { formErrors } from '../../../contract/form-errors';
import type { Language } from '../../../contract/user-types';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { useAppActors } from '../components/app-context';
import { fieldMessage } from '../components/error-message';
import { FormError } from '../components/form-error';
import { LegalLink } from '../components/legal-link';
import { NewPasswordField } from '../components/new-password-field';
import { Select } from '../components/select';
import { TextField } from '../components/text-field';

// Labelled by who they are for (PRODUCT.md §1): the keys luna / nova are the agency's own words and
// never shown here; stella is an agent's decision, never a choice.
const CATEGORY_NAMES = {
  luna: msg`I am looking for work`,
  nova: msg`I am a student, graduate, apprentice or changing careers`,
  company: msg`We are hiring`,
} as const;

/** Each language in its own name (a reader of the other language finds theirs), in the order of those names. */
const LANGUAGE_OPTIONS = [
  { id: 'de', label: 'Deutsch' },
  { id: 'en', label: 'English' },
] satisfies { id: Language; label: string }[];

/** Step 1: e-mail, password, category, language and the two agreements. */
export function AccountStep({ registration }: { registration: RegistrationActor }) {
  const { t, i18n } = useLingui();
  const { locale } = useAppActors();
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const serverError = useSelector(registration, (s) => s.context.error);
  const serverFields = useSelector(registration, (s) => s.context.fieldErrors);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const first = (key: string) => errors[key]?.[0] ?? serverFields[key]?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = formErrors(RegistrationRequestSchema, {
      email,
      password,
      category: String(data.get('category') ?? ''),
      language: String(data.get('language') ?? locale.getSnapshot().context.language),
      accepted: data.getAll('accepted').map(String),
    });
    setErrors(parsed.ok ? {} : parsed.fields);
    if (parsed.ok) registration.send({ type: 'registration.createAccount', account: parsed.output });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <FormError code={serverError === 'request.invalid' ? null : serverError} />
      <TextField
        id="register-email"
        name="email"
        type="email"
        autoComplete="email"
        isRequired
        label={<Trans>E-mail address</Trans>}
        value={email}
        onChange={setEmail}
        errorMessage={fieldMessage(i18n, first('email'))}
      />
      <NewPasswordField
        id="register-password"
        name="password"
        email={email}
        label={<Trans>Password</Trans>}
        value={password}
        onChange={setPassword}
        errorMessage={fieldMessage(i18n, first('password'))}
      />
      <fieldset className="field">
        <legend>
          <Trans>I register as</Trans>
        </legend>
        {USER_CATEGORIES.map((category) => (
          <label key={category} className="checkbox">
            <input type="radio" name="category" value={category} defaultChecked={category === 'luna'} />
            {i18n._(CATEGORY_NAMES[category])}
          </label>
        ))}
      </fieldset>
      <Select
        id="register-language"
        name="language"
        label={<Trans>Language for e-mails and SMS</Trans>}
        options={LANGUAGE_OPTIONS}
        defaultSelectedKey={locale.getSnapshot().context.language}
      />
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
              I accept the <LegalLink name="terms-conditions">terms and conditions</LegalLink>.
            </Trans>
          </span>
        </label>
        <label className="checkbox">
          <input type="checkbox" name="accepted" value="condition-agreements" />
          <span>
            <Trans>
              I accept the <LegalLink name="condition-agreements">conditions of agreement</LegalLink>.
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
