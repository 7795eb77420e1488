import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { InvitationInfo } from '../../../contract/people';
import { invitationLogic } from '../../machines/invitation/invitation-actors';
import type { FormActor } from '../../machines/shared/form.machine';
import { useAppActors } from '../components/app-context';
import { Checkbox } from '../components/checkbox';
import { errorMessage, fieldMessage } from '../components/error-message';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { LegalLink } from '../components/legal-link';
import { NewPasswordField } from '../components/new-password-field';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

/**
 * user/invitation/{token} (issue 20): whom an agent's invitation is for, and the form where the
 * person sets a password and accepts the terms; taking the profile over signs them in and opens it.
 */
export function AcceptInvitationScreen({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const { logic, locale } = useAppActors();
  const page = useActorRef(invitationLogic(logic).page(token), {
    input: { language: locale.getSnapshot().context.language },
  });
  const state = useSelector(page, (s) => s);
  const form = state.children.form as FormActor | undefined;
  const { info, error } = state.context;
  return (
    <Screen title={info?.kind === 'contact' ? t`Set up your login` : t`Take over your profile`}>
      {state.matches('checking') && (
        <p aria-busy="true">
          <Trans>Checking the invitation…</Trans>
        </p>
      )}
      {state.matches('refused') && (
        <div role="alert" className="form-error">
          <p>{errorMessage(i18n, error)}</p>
          <p>
            <Link to="/login">
              <Trans>To the login</Trans>
            </Link>
          </p>
        </div>
      )}
      {state.matches('failed') && (
        <div role="alert" className="form-error">
          <p>{errorMessage(i18n, error)}</p>
          <button type="button" onClick={() => page.send({ type: 'invitation.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {info && form && <AcceptForm form={form} email={info.email} name={info.name} kind={info.kind} />}
    </Screen>
  );
}

function AcceptForm({
  form,
  email,
  name,
  kind,
}: {
  form: FormActor;
  email: string;
  name: string;
  kind: InvitationInfo['kind'];
}) {
  const { t, i18n } = useLingui();
  const { snapshot, field, submit } = useFormFields(form);
  const busy = snapshot.hasTag('busy');
  // A contact's login opens on the company's dashboard: the candidates sent to it (decision 0031).
  const next = kind === 'contact' ? '/dashboard' : kind === 'company' ? '/companies' : '/profile';
  if (snapshot.matches('done')) return <Navigate to={next} replace />;
  const accepted = snapshot.context.values.accepted === 'yes';
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        {kind === 'contact' ? (
          <Trans>
            You get your own login to the workspace of {name} at Matchwerk. Choose a password for {email} and
            accept the terms: then you see what {name} sees, such as the candidates proposed to it.
          </Trans>
        ) : kind === 'company' ? (
          <Trans>
            Our team created the company profile of {name} for you. Choose a password for {email} and accept
            the terms: then the profile is yours.
          </Trans>
        ) : (
          <Trans>
            Our team created a profile for {name}. Choose a password for {email} and accept the terms: then
            the profile is yours.
          </Trans>
        )}
      </p>
      <FormError code={snapshot.context.error} />
      <TextField
        id="invitation-email"
        value={email}
        type="email"
        autoComplete="username"
        label={<Trans>E-mail address</Trans>}
        isReadOnly
      />
      <NewPasswordField
        id="invitation-password"
        {...field('password')}
        email={email}
        label={<Trans>Password</Trans>}
      />
      <Checkbox
        isSelected={accepted}
        onChange={(selected) =>
          form.send({ type: 'form.change', name: 'accepted', value: selected ? 'yes' : '' })
        }
      >
        <span>
          <Trans>
            I accept the <LegalLink name="terms-conditions">terms and conditions</LegalLink> and the{' '}
            <LegalLink name="condition-agreements">conditions of agreement</LegalLink>.
          </Trans>
        </span>
      </Checkbox>
      {snapshot.context.fieldErrors.accepted?.[0] && (
        <p className="field-error" role="alert">
          {fieldMessage(i18n, snapshot.context.fieldErrors.accepted[0])}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {kind === 'contact' ? t`Set up my login` : t`Take over the profile`}
      </button>
    </form>
  );
}
