import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { isAgentType } from '../../../contract/user-types';
import { accountLogic } from '../../machines/account/account-actors';
import { useAppActors } from '../components/app-context';
import { PhoneSetupForm } from '../components/phone-setup-form';
import { Screen } from '../components/screen';

/**
 * /mfa/register: a signed-in user turns SMS login protection on (the phone-setup machine of the
 * account settings: number and current password, then the code). With it on already, the page says
 * so and points to the settings, where the number is changed or the protection turned off.
 */
export function MfaRegisterScreen() {
  const { t } = useLingui();
  const { logic, session } = useAppActors();
  const claims = useSelector(session, (s) => s.context.claims);
  const phone = useActorRef(accountLogic(logic).phoneSettings, {
    input: { enabled: claims?.mfa_status === 'enabled' },
  });
  const snapshot = useSelector(phone, (s) => s);
  if (!claims) return null;
  const settings = isAgentType(claims.user_type) ? '/agent' : '/profile';
  const number = claims.phone_number;
  if (snapshot.matches('confirmed')) {
    return (
      <Screen title={t`Protect your login with an SMS code`}>
        <p role="status">
          <Trans>SMS login protection is on. From now on we send a code to {number} when you log in.</Trans>
        </p>
        <p>
          <Link to="/dashboard" className="button">
            <Trans>To my dashboard</Trans>
          </Link>
        </p>
      </Screen>
    );
  }
  // The machine's input was read once, at the first render; the claims may say more since (another
  // tab turned SMS on, the session took the confirmed code's tokens after a reload).
  if (snapshot.context.enabled || claims.mfa_status === 'enabled') {
    return (
      <Screen title={t`Protect your login with an SMS code`}>
        <p>
          <Trans>SMS login protection is already on, with the number {number}.</Trans>
        </p>
        <p>
          <Link to={settings}>
            <Trans>Change the number or turn it off in your account settings</Trans>
          </Link>
        </p>
      </Screen>
    );
  }
  return (
    <Screen title={t`Protect your login with an SMS code`}>
      <p>
        <Trans>
          Add your mobile number: we send a code to confirm it, and from then on a code each time you log in.
        </Trans>
      </p>
      <PhoneSetupForm phone={phone} idPrefix="mfa-register" withPassword sendLabel={t`Send code`} />
    </Screen>
  );
}
