import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { registrationStep } from '../../machines/registration/registration.machine';
import { registrationLogic } from '../../machines/registration/registration-actors';
import { useAppActors } from '../components/app-context';
import { Screen } from '../components/screen';
import { AccountStep } from './account-step';
import { PhoneStep } from './phone-step';
import { PhotoStep } from './photo-step';
import { ProfileStep } from './profile-step';
import { ValidationStep } from './validation-step';

const registerRoute = getRouteApi('/register');

/** The guided registration (PRODUCT.md §3), one screen per step (the state's `meta.step`). */
export function RegisterScreen() {
  const { t } = useLingui();
  const { session, logic } = useAppActors();
  const navigate = useNavigate();
  // The step the account reached when the screen opened; the machine goes on from there.
  const entryStep = session.getSnapshot().matches('authenticated')
    ? (session.getSnapshot().context.claims?.registration_step ?? 0)
    : 0;
  const registration = useActorRef(registrationLogic(logic), { input: { step: entryStep } });
  const step = useSelector(registration, registrationStep);
  const done = useSelector(registration, (s) => s.status === 'done');
  useEffect(() => {
    if (done) void navigate({ to: '/dashboard' });
  }, [done, navigate]);
  // The address names the step shown (the machine's `meta.step`), so a reload or a shared link agrees.
  const shownInUrl = registerRoute.useSearch({ select: (search) => search.step });
  useEffect(() => {
    if (!done && step !== shownInUrl) void navigate({ to: '/register', search: { step }, replace: true });
  }, [done, step, shownInUrl, navigate]);
  return (
    <Screen title={t`Register`}>
      <p className="muted">
        <Trans>Step {step} of 5</Trans>
      </p>
      {step === 1 && <AccountStep registration={registration} />}
      {step === 2 && <ValidationStep registration={registration} />}
      {step === 3 && <PhoneStep registration={registration} />}
      {step === 4 && <ProfileStep registration={registration} />}
      {step === 5 && !done && <PhotoStep registration={registration} />}
    </Screen>
  );
}
