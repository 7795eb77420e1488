import { fromCallback, fromPromise } from 'xstate';
import { ACCOUNT } from '../../../contract/endpoints/account';
import { CATALOG } from '../../../contract/endpoints/profile';
import type { TokenPair } from '../../../contract/session';
import { type ApiClient, send } from '../../api/client';
import { phoneSetupImplementations } from '../account/account-actors';
import { phoneSetupMachine } from '../account/phone-setup.machine';
import { profileMachine } from '../profile/profile.machine';
import { profileActors } from '../profile/profile-actors';
import { issueTokens, type SessionActor } from '../session/session.machine';
import { handOff } from '../shared/form-hand-off';
import { areaLogic } from '../shell/app-logic';
import { accountForm, accountOutcome } from './account-form.machine';
import {
  type AccountForm,
  type RegistrationActor,
  type RegistrationEvent,
  type RequiredFields,
  registrationMachine,
} from './registration.machine';

const VALIDATION_POLL_MS = 5000;

/** The registration machine's side effects over the API, and how new tokens reach the session. */
function registrationImplementations(api: ApiClient, session: SessionActor) {
  return {
    actors: {
      createAccount: fromPromise<TokenPair, AccountForm>(({ input }) =>
        send(api, ACCOUNT.create, { body: input }),
      ),
      resendValidation: fromPromise<void>(() => send(api, ACCOUNT.resendValidation)),
      changeEmail: fromPromise<TokenPair, string>(({ input }) =>
        send(api, ACCOUNT.changeRegistrationEmail, { body: { email: input } }),
      ),
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
      skipPhone: fromPromise<TokenPair>(() => send(api, ACCOUNT.skipPhone)),
      // The category decides the fields: a company fills its company profile, everybody else the profile.
      loadRequiredFields: fromPromise<RequiredFields>(async () => {
        const userType = session.getSnapshot().context.claims?.user_type ?? 'stella';
        const scope = userType === 'company' ? 'company' : 'profile';
        const fields = await send(api, scope === 'company' ? CATALOG.companyFields : CATALOG.profileFields);
        return { scope, userType, fields: fields.filter((field) => field.required) };
      }),
      profile: profileMachine.provide({ actors: profileActors(api) }),
      nextStep: fromPromise<TokenPair>(() => send(api, ACCOUNT.nextStep)),
    },
    actions: {
      tokensIssued: (_: unknown, pair: TokenPair) => issueTokens(session, pair),
    },
  };
}

/** Step 1's form for one running registration: its call hands the checked account to the registration. */
export function registrationAccountForm(registration: RegistrationActor) {
  return accountForm.withCall((account) =>
    handOff(registration, { type: 'registration.createAccount', account }, accountOutcome),
  );
}

/** `/register`'s steps. */
export const registrationLogic = areaLogic(({ api, session }) =>
  registrationMachine.provide(registrationImplementations(api, session)),
);
