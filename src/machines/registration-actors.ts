import { fromCallback, fromPromise } from 'xstate';
import type { TokenPair } from '../../contract/session';
import {
  confirmPhoneCall,
  createAccountCall,
  nextStepCall,
  resendPhoneCodeCall,
  resendValidationCall,
  savePhoneCall,
  skipPhoneCall,
} from '../api/account';
import type { ApiClient } from '../api/client';
import type { AccountForm, RegistrationEvent } from './registration.machine';
import type { SessionActor } from './session.machine';

const VALIDATION_POLL_MS = 5000;

/** The registration machine's side effects over the API, and how new tokens reach the session. */
export function registrationImplementations(api: ApiClient, session: SessionActor) {
  return {
    actors: {
      createAccount: fromPromise<TokenPair, AccountForm>(({ input }) => createAccountCall(api, input)),
      resendValidation: fromPromise<void>(() => resendValidationCall(api)),
      // The link may be opened in another tab or browser: look at the account's step every few seconds
      // (a refresh answers a token with the current claims), and at once when another tab stored new tokens.
      watchValidation: fromCallback<RegistrationEvent>(({ sendBack }) => {
        const check = () => {
          const claims = session.getSnapshot().context.claims;
          if (claims && (claims.registration_step === 0 || claims.registration_step >= 2)) {
            sendBack({ type: 'registration.validated' });
          }
        };
        const subscription = session.subscribe(check);
        const timer = setInterval(() => {
          if (session.getSnapshot().matches({ authenticated: 'idle' }))
            session.send({ type: 'session.refresh' });
        }, VALIDATION_POLL_MS);
        check();
        return () => {
          clearInterval(timer);
          subscription.unsubscribe();
        };
      }),
      savePhone: fromPromise<string, { phoneNumber: string; countryCode: string }>(async ({ input }) => {
        await savePhoneCall(api, input.phoneNumber, input.countryCode);
        return input.phoneNumber;
      }),
      resendPhoneCode: fromPromise<void>(() => resendPhoneCodeCall(api)),
      confirmPhone: fromPromise<TokenPair, { code: string }>(({ input }) =>
        confirmPhoneCall(api, input.code),
      ),
      skipPhone: fromPromise<TokenPair>(() => skipPhoneCall(api)),
      nextStep: fromPromise<TokenPair>(() => nextStepCall(api)),
    },
    actions: {
      tokensIssued: (_: unknown, pair: TokenPair) => {
        const credentials = pair.refresh_token
          ? { token: pair.token, refreshToken: pair.refresh_token }
          : { token: pair.token };
        const signedIn = session.getSnapshot().matches('authenticated');
        session.send(
          signedIn
            ? { type: 'session.tokensIssued', credentials }
            : { type: 'session.signedIn', credentials },
        );
      },
    },
  };
}
