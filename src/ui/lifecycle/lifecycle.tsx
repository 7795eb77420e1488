import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { TokenClaims } from '../../../contract/session';
import { registrationMachine } from '../../machines/registration/registration.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { useAppActors } from '../components/app-context';
import { Screen } from '../components/screen';
import { LifecycleDiagram } from './lifecycle-diagram';
import { machineDiagram } from './machine-graph';

const registration = machineDiagram(registrationMachine);
const session = machineDiagram(sessionMachine);

/** State names in words; a state the machines gain later shows its key until it is named here. */
const STATE_NAMES: Record<string, MessageDescriptor> = {
  entering: msg`Start`,
  account: msg`Create account`,
  editing: msg`Filling in the form`,
  creating: msg`Creating the account…`,
  validation: msg`Confirm e-mail address`,
  waiting: msg`Waiting for the link to be opened`,
  resending: msg`Sending the link again…`,
  phone: msg`SMS protection`,
  settingUp: msg`Phone number and code`,
  skipping: msg`Skipping SMS protection…`,
  profile: msg`Fill in the profile`,
  loadingFields: msg`Loading the required fields…`,
  loadFailed: msg`The fields could not be loaded`,
  advancing: msg`Saving the profile step…`,
  advanceFailed: msg`The profile step was not saved`,
  photo: msg`Add a photo`,
  choosing: msg`Upload a photo or skip`,
  finishing: msg`Finishing…`,
  done: msg`Registration finished`,
  restoring: msg`Opening Matchwerk`,
  verifying: msg`Checking the session…`,
  loggedOut: msg`Logged out`,
  authenticating: msg`Logging in…`,
  mfaPending: msg`Enter the SMS code`,
  verifyingCode: msg`Checking the code…`,
  resendingCode: msg`Sending a new code…`,
  authenticated: msg`Logged in`,
  idle: msg`Working`,
  refreshing: msg`Renewing the session…`,
  loggingOut: msg`Logging out…`,
};

/**
 * Where the token says the registration stands: the state whose `meta.step` is the step after the
 * ones done (registration_step counts them), entered down its `initial` children, as the registration
 * flow would open it; the machine's final state once finished (0) or when no step is left after it.
 */
export function registrationStateOf(claims: TokenClaims): string[] {
  const next = claims.registration_step === 0 ? undefined : claims.registration_step + 1;
  const step =
    registration.nodes.find((node) => next !== undefined && node.meta?.step === next) ??
    registration.nodes.find((node) => node.final && node.depth === 0);
  if (!step) return [];
  const initialOf = new Map(registration.nodes.map((node) => [node.id, node.initial]));
  const here: string[] = [];
  for (let at: string | undefined = step.id; at !== undefined; at = initialOf.get(at)) here.push(at);
  return here;
}

/** Where the token says the session stands. */
export function sessionStateOf(claims: TokenClaims): string[] {
  return claims.login_status === 'pending'
    ? ['session.mfaPending']
    : ['session.authenticated', 'session.authenticated.idle'];
}

/** The account's lifecycle (PRODUCT.md §6): both machines drawn from their definitions, you are here, what's next. */
export function LifecycleScreen() {
  const { t, i18n } = useLingui();
  const { session: sessionActor } = useAppActors();
  const claims = useSelector(sessionActor, (s) => s.context.claims);
  const label = (key: string) => {
    const name = STATE_NAMES[key];
    return name ? i18n._(name) : key;
  };
  return (
    <Screen title={t`Lifecycle`}>
      <p className="lead">
        <Trans>
          Where your account stands and what comes next. The diagrams are drawn from the very state machines
          that run this app: the filled box is where you are; dashed boxes are short waits for the server,
          dashed arrows lead back.
        </Trans>
      </p>
      {claims && <NextSteps claims={claims} />}
      <div className="lifecycle-grid">
        <figure className="lifecycle-figure">
          <figcaption>
            <Trans>Registration</Trans>
          </figcaption>
          <LifecycleDiagram
            diagram={registration}
            title={t`Registration steps`}
            here={claims ? registrationStateOf(claims) : []}
            label={label}
          />
        </figure>
        <figure className="lifecycle-figure">
          <figcaption>
            <Trans>Session</Trans>
          </figcaption>
          <LifecycleDiagram
            diagram={session}
            title={t`Session states`}
            here={claims ? sessionStateOf(claims) : []}
            label={label}
          />
          <p className="muted">
            <Trans>From any state: when another tab logs in or out, this one follows it.</Trans>
          </p>
        </figure>
      </div>
    </Screen>
  );
}

function NextSteps({ claims }: { claims: TokenClaims }) {
  const step = claims.registration_step;
  return (
    <section className="lifecycle-next" aria-labelledby="lifecycle-next-title">
      <h2 id="lifecycle-next-title">
        <Trans>You are here</Trans>
      </h2>
      <p>
        {step === 0 && <Trans>Your registration is finished: your profile can take part in matching.</Trans>}
        {step === 1 && (
          <Trans>
            Your account exists. Next, confirm your e-mail address with the link we sent you; then you can
            protect your account by SMS.
          </Trans>
        )}
        {step === 2 && (
          <Trans>
            Next, add your mobile number for SMS protection, or skip it. Then you fill in your profile.
          </Trans>
        )}
        {step === 3 && (
          <Trans>Next, fill in the required fields of your profile. Then you can add a photo.</Trans>
        )}
        {step >= 4 && <Trans>Next, add a photo or skip it: that finishes your registration.</Trans>}
      </p>
      <p>
        {claims.mfa_status === 'enabled' && (
          <Trans>SMS protection is on: every login asks for a code sent to your phone.</Trans>
        )}
        {claims.mfa_status === 'pending' && (
          <Trans>SMS protection is being set up: confirm the code sent to your phone.</Trans>
        )}
        {claims.mfa_status === 'disabled' && (
          <Trans>SMS protection is off: you can turn it on in your account settings.</Trans>
        )}{' '}
        {claims.login_status === 'pending' ? (
          <Trans>Your login waits for the SMS code.</Trans>
        ) : (
          <Trans>
            You are logged in. The session renews itself while you work; when you log out, or it ends, you are
            back on the start page.
          </Trans>
        )}
      </p>
    </section>
  );
}
