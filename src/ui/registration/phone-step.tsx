import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { PhoneSetupActor } from '../../machines/account/phone-setup.machine';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { FormError } from '../components/form-error';
import { PhoneSetupForm } from '../components/phone-setup-form';

/** Step 3: SMS login protection through the phone-setup machine, or skip it. */
export function PhoneStep({ registration }: { registration: RegistrationActor }) {
  const { t } = useLingui();
  const phone = useSelector(registration, (s) => s.children.phoneSetup as PhoneSetupActor | undefined);
  const error = useSelector(registration, (s) => s.context.error);
  const skipping = useSelector(registration, (s) => s.hasTag('busy'));
  const phoneBusy = useSelector(phone, (s) => s?.hasTag('busy') ?? false);
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
      <FormError code={error} />
      {phone && (
        <PhoneSetupForm phone={phone} idPrefix="phone" withPassword={false} sendLabel={t`Send code`} />
      )}
      <p>
        <button
          type="button"
          disabled={skipping || phoneBusy}
          onClick={() => registration.send({ type: 'registration.skipPhone' })}
        >
          <Trans>Skip: no SMS protection</Trans>
        </button>
      </p>
    </div>
  );
}
