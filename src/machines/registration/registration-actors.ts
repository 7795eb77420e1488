import { fromCallback, fromPromise } from 'xstate';
import type { TokenPair } from '../../../contract/session';
import {
  changeRegistrationEmailCall,
  createAccountCall,
  nextStepCall,
  resendValidationCall,
  skipPhoneCall,
} from '../../api/account';
import type { ApiClient } from '../../api/client';
import { fetchFields } from '../../api/profile';
import { phoneSetupImplementations } from '../account/account-actors';
import { phoneSetupMachine } from '../account/phone-setup.machine';
import { profileMachine } from '../profile/profile.machine';
import { profileActors } from '../profile/profile-actors';
import { issueTokens, type SessionActor } from '../session/session.machine';
import { areaLogic } from '../shell/app-logic';
import {
  type AccountForm,
  type RegistrationEvent,
  type RequiredFields,
  registrationMachine,
} from './registration.machine';

const VALIDATION_POLL_MS = 5000;

/** The registration machine's side effects over the API, and how new tokens reach the session. */
function registrationImplementations(api: ApiClient, session: SessionActor) {
  return {
    actors: {
      createAccount: fromPromise<TokenPair, AccountForm>(({ input }) => createAccountCall(api, input)),
      resendValidation: fromPromise<void>(() => resendValidationCall(api)),
      changeEmail: fromPromise<TokenPair, string>(({ input }) => changeRegistrationEmailCall(api, input)),
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
      phoneSetup: phoneSetupMachine.provide(phoneSetupImplementations(api, session, 'registration')),
      skipPhone: fromPromise<TokenPair>(() => skipPhoneCall(api)),
      // The category decides the fields: a company fills its company profile, everybody else the profile.
      loadRequiredFields: fromPromise<RequiredFields>(async () => {
        const userType = session.getSnapshot().context.claims?.user_type ?? 'stella';
        const scope = userType === 'company' ? 'company' : 'profile';
        const fields = await fetchFields(api, scope);
        return { scope, userType, fields: fields.filter((field) => field.required) };
      }),
      profile: profileMachine.provide({ actors: profileActors(api) }),
      nextStep: fromPromise<TokenPair>(() => nextStepCall(api)),
    },
    actions: {
      tokensIssued: (_: unknown, pair: TokenPair) => issueTokens(session, pair),
    },
  };
}

/** `/register`'s steps. */
export const registrationLogic = areaLogic(({ api, session }) =>
  registrationMachine.provide(registrationImplementations(api, session)),
);
