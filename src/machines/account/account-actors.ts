import { fromPromise } from 'xstate';
import { ACCOUNT } from '../../../contract/endpoints/account';
import { PROFILE } from '../../../contract/endpoints/profile';
import type { TokenPair } from '../../../contract/session';
import { type ApiClient, send } from '../../api/client';
import { issueTokens, type SessionActor } from '../session/session.machine';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { handOff } from '../shared/form-hand-off';
import { saveFile } from '../shared/save-file';
import { submissionMachine } from '../shared/submission.machine';
import { areaLogic } from '../shell/app-logic';
import {
  changePasswordForm,
  deleteAccountForm,
  passwordResetForm,
  passwordResetRequestForm,
} from './account-forms.machine';
import { emailValidationMachine } from './email-validation.machine';
import {
  codeOutcome,
  numberOutcome,
  phoneChangeForm,
  phoneCodeForm,
  phoneNumberForm,
  phoneTurnOffForm,
  turnOffOutcome,
} from './phone-forms.machine';
import { type PhoneRequest, type PhoneSetupActor, phoneSetupMachine } from './phone-setup.machine';
import { presentationConsentMachine } from './presentation-consent.machine';

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
          ? send(api, ACCOUNT.savePhone, {
              body: { phoneNumber: input.phoneNumber, countryCode: input.countryCode },
            })
          : send(api, ACCOUNT.changePhone, {
              body: {
                currentPassword: input.currentPassword ?? '',
                phoneNumber: input.phoneNumber,
                countryCode: input.countryCode,
              },
            }),
      ),
      resendCode: fromPromise<void>(() => send(api, ACCOUNT.resendPhoneCode)),
      confirmCode: fromPromise<TokenPair, { code: string }>(({ input }) =>
        send(api, ACCOUNT.confirmPhone, { body: { code: input.code } }),
      ),
      turnOff: fromPromise<TokenPair, { currentPassword: string }>(({ input }) =>
        send(api, ACCOUNT.disableTwoFactor, { body: { currentPassword: input.currentPassword } }),
      ),
    },
    actions: {
      tokensIssued: (_: unknown, pair: TokenPair) => issueTokens(session, pair),
    },
  };
}

/**
 * The phone setup's forms for one running phone-setup actor (registration's step or the settings'):
 * each hands what its schema made of the fields to that actor and follows its answer.
 */
export function phoneForms(phone: PhoneSetupActor) {
  const sendNumber = (request: PhoneRequest) =>
    handOff(phone, { type: 'phone.send', request }, numberOutcome);
  return {
    number: phoneNumberForm.withCall(sendNumber),
    change: phoneChangeForm.withCall(sendNumber),
    code: phoneCodeForm.withCall(({ code }) => handOff(phone, { type: 'phone.confirm', code }, codeOutcome)),
    turnOff: phoneTurnOffForm.withCall(({ currentPassword }) =>
      handOff(phone, { type: 'phone.turnOff', currentPassword }, turnOffOutcome),
    ),
  };
}

/** The account's settings, the e-mail link, the password reset and the one-call forms. */
export const accountLogic = areaLogic(({ api, session }) => ({
  /** A candidate's consent to be presented to clients by name (the full card). */
  presentationConsent: presentationConsentMachine.provide({
    actors: {
      loadConsent: fromPromise(() => send(api, PROFILE.presentationConsent)),
      saveConsent: fromPromise(({ input }) =>
        send(api, PROFILE.setPresentationConsent, { body: { consented: input.consented } }),
      ),
    },
  }),
  /** SMS login protection in the account settings. */
  phoneSettings: phoneSetupMachine.provide(phoneSetupImplementations(api, session, 'settings')),
  /** "Download my data": GET /api/user/export, saved as a JSON file. */
  accountExport: downloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
        blob: new Blob([JSON.stringify(await send(api, ACCOUNT.export), null, 2)], {
          type: 'application/json',
        }),
        fileName: input.fileName,
      })),
    },
    actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
  }),
  emailValidation: emailValidationMachine.provide({
    actors: {
      validateEmail: fromPromise(({ input }) =>
        send(api, ACCOUNT.validate, { params: { token: input.token } }),
      ),
    },
    actions: { tokensIssued: (_, pair) => issueTokens(session, pair) },
  }),
  /** The one-call forms (account-forms.machine.ts), each with its call. */
  changePassword: changePasswordForm.withCall(async (input) =>
    issueTokens(
      session,
      await send(api, ACCOUNT.changePassword, {
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
      }),
    ),
  ),
  deleteAccount: deleteAccountForm.withCall(async (input) => {
    await send(api, ACCOUNT.delete, { body: { password: input.password } });
    session.send({ type: 'session.logout', farewell: 'account-deleted' });
  }),
  passwordResetRequest: passwordResetRequestForm.withCall((input) =>
    send(api, ACCOUNT.requestPasswordReset, { body: { email: input.email } }),
  ),
  passwordReset: passwordResetForm.withCall((input) => send(api, ACCOUNT.resetPassword, { body: input })),
  /** "Keep my account" behind the retention notice's link: input is the link's token. */
  keepAccount: submissionMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => send(api, ACCOUNT.keep, { body: { token: String(input) } })),
    },
  }),
}));
