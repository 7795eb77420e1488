import { Trans, useLingui } from '@lingui/react/macro';
import { Screen } from '../screen';

export function MfaRegisterScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Protect your login with an SMS code`}>
      <p>
        <Trans>Add your mobile number; we will send a code to confirm it.</Trans>
      </p>
    </Screen>
  );
}
