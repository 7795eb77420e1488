import { fromPromise } from 'xstate';
import { deletePhoto, fetchProfileCard, uploadPhoto } from '../../api/profile';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { saveFile } from '../shared/save-file';
import { areaLogic } from '../shell/app-logic';
import { photoMachine } from './photo.machine';
import type { ProfileActor } from './profile.machine';

/** The own profile's photo panel and card download. */
export const profileLogic = areaLogic(({ api, session }) => ({
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
  profileCard: downloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
        blob: await fetchProfileCard(api),
        fileName: input.fileName,
      })),
    },
    actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
  }),
}));
