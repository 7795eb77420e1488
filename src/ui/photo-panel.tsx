import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { deletePhoto, fetchProfileCard, uploadPhoto } from '../api/profile';
import { PHOTO_TYPES, photoMachine } from '../machines/photo.machine';
import type { ProfileActor } from '../machines/profile.machine';
import type { SessionActor } from '../machines/session.machine';
import { errorMessage } from './error-message';
import { ProtectedImage } from './protected-image';

/**
 * The profile photo: preview of the chosen file, upload with progress, delete. A new photo reaches
 * the profile state at once and the header with the next token (a refresh is asked for).
 */
export function PhotoPanel({
  api,
  profile,
  session,
}: {
  api: ApiClient;
  profile: ProfileActor;
  session: SessionActor;
}) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const image = useSelector(profile, (s) => s.context.image);
  const photo = useActorRef(
    photoMachine.provide({
      actors: {
        send: fromPhotoUpload(api),
        remove: fromPhotoDelete(api),
      },
      actions: {
        uploaded: (_, newImage) => {
          profile.send({ type: 'profile.photoChanged', image: newImage });
          session.send({ type: 'session.refresh' });
        },
        deleted: () => {
          profile.send({ type: 'profile.photoChanged', image: null });
          session.send({ type: 'session.refresh' });
        },
      },
    }),
  );
  const state = useSelector(photo, (s) => s);
  const preview = usePreview(state.context.file);
  return (
    <section className="photo-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>
        <Trans>Photo</Trans>
      </h2>
      <div className="photo-row">
        {preview ? (
          <img src={preview} alt={t`Chosen for upload`} width={128} height={128} className="avatar" />
        ) : (
          <ProtectedImage api={api} src={image} alt={t`Your profile photo`} size={128} className="avatar" />
        )}
        <div className="photo-actions">
          <label htmlFor={inputId}>
            <Trans>Choose a photo (JPEG, PNG or WebP, at most 5 MB)</Trans>
          </label>
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={state.hasTag('busy')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) photo.send({ type: 'photo.choose', file });
            }}
          />
          {state.matches('chosen') && (
            <p>
              <button
                type="button"
                className="button"
                disabled={state.context.error !== null}
                onClick={() => photo.send({ type: 'photo.upload' })}
              >
                <Trans>Upload photo</Trans>
              </button>{' '}
              <button type="button" onClick={() => photo.send({ type: 'photo.cancel' })}>
                <Trans>Cancel</Trans>
              </button>
            </p>
          )}
          {state.matches('uploading') && (
            <progress max={1} value={state.context.progress} aria-label={t`Upload progress`}>
              {Math.round(state.context.progress * 100)} %
            </progress>
          )}
          {image && state.matches('idle') && (
            <button type="button" onClick={() => photo.send({ type: 'photo.delete' })}>
              <Trans>Delete photo</Trans>
            </button>
          )}
          {state.context.error && (
            <p className="field-error" role="alert">
              {errorMessage(i18n, state.context.error)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

const fromPhotoUpload = (api: ApiClient) =>
  fromPromise(({ input }: { input: { file: File; onProgress: (share: number) => void } }) =>
    uploadPhoto(api, input.file, input.onProgress),
  );
const fromPhotoDelete = (api: ApiClient) => fromPromise<string | null>(() => deletePhoto(api));

/** Downloads the profile card PDF (GET /api/profile/card/pdf) with the token. */
export function CardDownload({ api }: { api: ApiClient }) {
  const { i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  return (
    <p>
      <button
        type="button"
        onClick={() => {
          setError(null);
          fetchProfileCard(api).then(
            (blob) => {
              const url = URL.createObjectURL(blob);
              const link = document.createElement('a');
              link.href = url;
              link.download = i18n.locale === 'en' ? 'matchwerk-profile.pdf' : 'matchwerk-profil.pdf';
              link.click();
              setTimeout(() => URL.revokeObjectURL(url), 10_000);
            },
            (e) => setError((e as { code?: string }).code ?? 'network.unreachable'),
          );
        }}
      >
        <Trans>Download profile card (PDF)</Trans>
      </button>
      {error && (
        <span className="field-error" role="alert">
          {' '}
          {errorMessage(i18n, error)}
        </span>
      )}
    </p>
  );
}
