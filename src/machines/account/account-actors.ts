import { fromPromise } from 'xstate';
import type { TokenPair } from '../../../contract/session';
import {
  changePasswordCall,
  changePhoneCall,
  confirmPhoneCall,
  deleteAccountCall,
  disableTwoFactorCall,
  exportAccountData,
  keepAccountCall,
  requestPasswordResetCall,
  resendPhoneCodeCall,
  resetPasswordCall,
  savePhoneCall,
  validateEmailCall,
} from '../../api/account';
import type { ApiClient } from '../../api/client';
import { fetchPresentationConsent, setPresentationConsent } from '../../api/profile';
import { issueTokens, type SessionActor } from '../session/session.machine';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
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
import { type PhoneRequest, phoneSetupMachine } from './phone-setup.machine';
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

/** The account's settings, the e-mail link, the password reset and the one-call forms. */
export const accountLogic = areaLogic(({ api, session }) => ({
  /** A candidate's consent to be presented to clients by name (the full card). */
  presentationConsent: presentationConsentMachine.provide({
    actors: {
      loadConsent: fromPromise(() => fetchPresentationConsent(api)),
      saveConsent: fromPromise(({ input }) => setPresentationConsent(api, input.consented)),
    },
  }),
  /** SMS login protection in the account settings. */
  phoneSettings: phoneSetupMachine.provide(phoneSetupImplementations(api, session, 'settings')),
  /** "Download my data": GET /api/user/export, saved as a JSON file. */
  accountExport: downloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
        blob: new Blob([JSON.stringify(await exportAccountData(api), null, 2)], {
          type: 'application/json',
        }),
        fileName: input.fileName,
      })),
    },
    actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
  }),
  emailValidation: emailValidationMachine.provide({
    actors: { validateEmail: fromPromise(({ input }) => validateEmailCall(api, input.token)) },
    actions: { tokensIssued: (_, pair) => issueTokens(session, pair) },
  }),
  /** The one-call forms (account-forms.machine.ts), each with its call. */
  changePassword: changePasswordForm.withCall(async (input) =>
    issueTokens(session, await changePasswordCall(api, input.currentPassword, input.newPassword)),
  ),
  deleteAccount: deleteAccountForm.withCall(async (input) => {
    await deleteAccountCall(api, input.password);
    session.send({ type: 'session.logout', farewell: 'account-deleted' });
  }),
  passwordResetRequest: passwordResetRequestForm.withCall((input) =>
    requestPasswordResetCall(api, input.email),
  ),
  passwordReset: passwordResetForm.withCall((input) => resetPasswordCall(api, input)),
  /** "Keep my account" behind the retention notice's link: input is the link's token. */
  keepAccount: submissionMachine.provide({
    actors: { submit: fromPromise(({ input }) => keepAccountCall(api, String(input))) },
  }),
}));
