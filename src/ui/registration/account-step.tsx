import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { USER_CATEGORIES } from '../../../contract/account';
import type { Language } from '../../../contract/user-types';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { registrationAccountForm } from '../../machines/registration/registration-actors';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
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
  const { i18n } = useLingui();
  const { locale } = useAppActors();
  // The registration owns the call; the form hands it the checked account (in the page's language first).
  const logic = useMemo(() => registrationAccountForm(registration), [registration]);
  const form = useActorRef(logic, { input: { values: { language: locale.getSnapshot().context.language } } });
  const { snapshot, field, error, choose, submit } = useFormFields(form);
  const { values } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const accepted = Array.isArray(values.accepted) ? values.accepted : [];
  const toggle = (name: string, on: boolean) =>
    choose('accepted', on ? [...accepted, name] : accepted.filter((a) => a !== name));
  const email = field('email');
  const password = field('password');

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <FormError code={snapshot.context.error} />
      <TextField
        id="register-email"
        {...email}
        type="email"
        autoComplete="email"
        isRequired
        label={<Trans>E-mail address</Trans>}
      />
      <NewPasswordField
        id="register-password"
        {...password}
        email={email.value}
        label={<Trans>Password</Trans>}
      />
      <fieldset className="field">
        <legend>
          <Trans>I register as</Trans>
        </legend>
        {USER_CATEGORIES.map((category) => (
          <label key={category} className="checkbox">
            <input
              type="radio"
              name="category"
              value={category}
              checked={values.category === category}
              onChange={() => choose('category', category)}
            />
            {i18n._(CATEGORY_NAMES[category])}
          </label>
        ))}
      </fieldset>
      <Select
        id="register-language"
        name="language"
        label={<Trans>Language for e-mails and SMS</Trans>}
        options={LANGUAGE_OPTIONS}
        selectedKey={field('language').value}
        onSelectionChange={(key) => choose('language', String(key))}
      />
      <fieldset
        className="field"
        aria-describedby={error('accepted') ? 'register-accepted-error' : undefined}
      >
        <legend>
          <Trans>Agreements</Trans>
        </legend>
        <label className="checkbox">
          <input
            type="checkbox"
            name="accepted"
            value="terms-conditions"
            checked={accepted.includes('terms-conditions')}
            aria-invalid={error('accepted') ? true : undefined}
            onChange={(e) => toggle('terms-conditions', e.currentTarget.checked)}
          />
          <span>
            <Trans>
              I accept the <LegalLink name="terms-conditions">terms and conditions</LegalLink>.
            </Trans>
          </span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="accepted"
            value="condition-agreements"
            checked={accepted.includes('condition-agreements')}
            aria-invalid={error('accepted') ? true : undefined}
            onChange={(e) => toggle('condition-agreements', e.currentTarget.checked)}
          />
          <span>
            <Trans>
              I accept the <LegalLink name="condition-agreements">conditions of agreement</LegalLink>.
            </Trans>
          </span>
        </label>
        {error('accepted') && (
          <p id="register-accepted-error" className="field-error">
            {error('accepted')}
          </p>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Create account</Trans>
      </button>
    </form>
  );
}
