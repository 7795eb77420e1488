import { fromPromise } from 'xstate';
import type { TokenPair } from '../../../contract/session';
import {
  changePasswordCall,
  changePhoneCall,
  confirmPhoneCall,
  deleteAccountCall,
  disableTwoFactorCall,
  exportAccountData,
  requestPasswordResetCall,
  resendPhoneCodeCall,
  resetPasswordCall,
  savePhoneCall,
  validateEmailCall,
} from '../../api/account';
import type { ApiClient } from '../../api/client';
import { issueTokens, type SessionActor } from '../session/session.machine';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { saveFile } from '../shared/save-file';
import { areaLogic } from '../shell/app-logic';
import { emailValidationMachine } from './email-validation.machine';
import { type PhoneRequest, phoneSetupMachine } from './phone-setup.machine';

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
  /** The one-call forms (src/machines/submission.machine.ts runs each). */
  requests: {
    changePassword: async (input: { currentPassword: string; newPassword: string }) =>
      issueTokens(session, await changePasswordCall(api, input.currentPassword, input.newPassword)),
    deleteAccount: async (password: string) => {
      await deleteAccountCall(api, password);
      session.send({ type: 'session.logout' });
    },
    requestPasswordReset: (email: string) => requestPasswordResetCall(api, email),
    resetPassword: (body: { email: string; token: string; password: string; language: 'de' | 'en' }) =>
      resetPasswordCall(api, body),
  },
}));
