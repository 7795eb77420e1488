import { fromPromise } from 'xstate';
import type { TokenPair } from '../../../contract/session';
import {
  changePhoneCall,
  confirmPhoneCall,
  disableTwoFactorCall,
  resendPhoneCodeCall,
  savePhoneCall,
} from '../../api/account';
import type { ApiClient } from '../../api/client';
import { issueTokens, type SessionActor } from '../session/session.machine';
import type { PhoneRequest } from './phone-setup.machine';

/**
 * The phone-setup machine over the API. While registering, the number is saved at step 3; in the
 * account settings it is changed with the current password. Confirming, resending and turning off
 * are the same calls for both.
 */
export function phoneSetupImplementations(
  api: ApiClient,
  session: SessionActor,
  use: 'registration' | 'settings',
) {
  return {
    actors: {
      sendCode: fromPromise<void, PhoneRequest>(({ input }) =>
        use === 'registration'
          ? savePhoneCall(api, input.phoneNumber, input.countryCode)
          : changePhoneCall(api, {
              currentPassword: input.currentPassword ?? '',
              phoneNumber: input.phoneNumber,
              countryCode: input.countryCode,
            }),
      ),
      resendCode: fromPromise<void>(() => resendPhoneCodeCall(api)),
      confirmCode: fromPromise<TokenPair, { code: string }>(({ input }) => confirmPhoneCall(api, input.code)),
      turnOff: fromPromise<TokenPair, { currentPassword: string }>(({ input }) =>
        disableTwoFactorCall(api, input.currentPassword),
      ),
    },
    actions: {
      tokensIssued: (_: unknown, pair: TokenPair) => issueTokens(session, pair),
    },
  };
}
