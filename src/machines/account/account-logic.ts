import { fromPromise } from 'xstate';
import {
  changePasswordCall,
  deleteAccountCall,
  exportAccountData,
  requestPasswordResetCall,
  resetPasswordCall,
  validateEmailCall,
} from '../../api/account';
import { issueTokens } from '../session/session.machine';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { saveFile } from '../shared/save-file';
import { areaLogic } from '../shell/app-logic';
import {
  changePasswordForm,
  deleteAccountForm,
  passwordResetForm,
  passwordResetRequestForm,
} from './account-forms.machine';
import { emailValidationMachine } from './email-validation.machine';
import { phoneSetupMachine } from './phone-setup.machine';
import { phoneSetupImplementations } from './phone-setup-actors';

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
  /** The one-call forms (account-forms.machine.ts), each with its call. */
  changePassword: changePasswordForm.withCall(async (input) =>
    issueTokens(session, await changePasswordCall(api, input.currentPassword, input.newPassword)),
  ),
  deleteAccount: deleteAccountForm.withCall(async (input) => {
    await deleteAccountCall(api, input.password);
    session.send({ type: 'session.logout' });
  }),
  passwordResetRequest: passwordResetRequestForm.withCall((input) =>
    requestPasswordResetCall(api, input.email),
  ),
  passwordReset: passwordResetForm.withCall((input) => resetPasswordCall(api, input)),
}));
