import { type EventObject, fromCallback, fromPromise } from 'xstate';
import {
  changePasswordCall,
  deleteAccountCall,
  exportAccountData,
  requestPasswordResetCall,
  resetPasswordCall,
  validateEmailCall,
} from '../api/account';
import type { ApiClient } from '../api/client';
import { deletePhoto, fetchProfileCard, uploadPhoto } from '../api/profile';
import { citySearchLogic } from './city-search.machine';
import { type DownloadedFile, downloadMachine } from './download.machine';
import { emailValidationMachine } from './email-validation.machine';
import { type JobEffects, jobMachine } from './job.machine';
import { jobActors, resultActions } from './job-actors';
import { phoneSetupMachine } from './phone-setup.machine';
import { phoneSetupImplementations } from './phone-setup-actors';
import { photoMachine } from './photo.machine';
import { type ProfileActor, profileMachine } from './profile.machine';
import { protectedImageMachine } from './protected-image.machine';
import { registrationMachine } from './registration.machine';
import { registrationImplementations } from './registration-actors';
import { saveFile } from './save-file';
import { issueTokens, type SessionActor } from './session.machine';
import { submissionMachine } from './submission.machine';
import { profileActors } from './workspace';

/**
 * The machines the screens run, with their side effects over the one API client (created once in
 * main.tsx). Screens take their logic from here and never call `src/api` themselves (a Biome rule
 * keeps it so).
 */
export function createAppLogic(api: ApiClient, session: SessionActor) {
  const profile = profileMachine.provide({ actors: profileActors(api) });
  return {
    registration: registrationMachine.provide(registrationImplementations(api, session)),
    /** SMS login protection in the account settings. */
    phoneSettings: phoneSetupMachine.provide(phoneSetupImplementations(api, session, 'settings')),
    profile,
    citySearch: citySearchLogic(api),
    /** The photo panel of one profile: a new or deleted photo reaches the profile and, with a refresh, the header. */
    photo: (owner: ProfileActor) =>
      photoMachine.provide({
        actors: {
          send: fromPromise(({ input }: { input: { file: File; onProgress: (share: number) => void } }) =>
            uploadPhoto(api, input.file, input.onProgress),
          ),
          remove: fromPromise<string | null>(() => deletePhoto(api)),
        },
        actions: {
          uploaded: (_, image) => {
            owner.send({ type: 'profile.photoChanged', image });
            session.send({ type: 'session.refresh' });
          },
          deleted: () => {
            owner.send({ type: 'profile.photoChanged', image: null });
            session.send({ type: 'session.refresh' });
          },
        },
      }),
    image: protectedImageMachine.provide({
      actors: {
        fetchImage: fromPromise<string, { src: string }>(async ({ input }) =>
          URL.createObjectURL(await api.blob(input.src)),
        ),
        holdUrl: fromCallback<EventObject, { url: string }>(
          ({ input }) =>
            () =>
              URL.revokeObjectURL(input.url),
        ),
      },
    }),
    profileCard: downloadMachine.provide({
      actors: {
        fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
          blob: await fetchProfileCard(api),
          fileName: input.fileName,
        })),
      },
      actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
    }),
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
    /**
     * One matching job; a company's is its request form (no weights, no runs). `effects` are what the
     * route does for the machine: navigate to a copy, reload the results tables after a run.
     */
    job: (asCompany: boolean, effects: JobEffects = {}) =>
      jobMachine.provide({
        actors: jobActors(api, { asCompany }),
        actions: {
          openCopy: (_, { uuid }) => effects.openCopy?.(uuid),
          resultsReplaced: () => effects.resultsReplaced?.(),
        },
      }),
    /** The results page's CSV download and shortlist stars; `reload` refreshes the results after a star changed. */
    jobResults: (jobUuid: string, reload: () => void) => {
      const actions = resultActions(api, jobUuid, reload);
      return {
        csv: submissionMachine.provide({ actors: { submit: actions.downloadCsv } }),
        shortlist: submissionMachine.provide({ actors: { submit: actions.toggleShortlist } }),
      };
    },
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
  };
}

export type AppLogic = ReturnType<typeof createAppLogic>;
