import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { PHOTO_TYPES, type photoMachine, refusesFile } from '../../machines/profile/photo.machine';
import type { ProfileActor } from '../../machines/profile/profile.machine';
import { profileLogic } from '../../machines/profile/profile-actors';
import { useAppActors } from './app-context';
import { DownloadButton } from './download-button';
import { errorMessage } from './error-message';
import { FilePicker, SquareCrop } from './file-drop';
import { ProtectedImage } from './protected-image';

/**
 * The profile photo: preview of the chosen file, upload with progress, delete. A new photo reaches
 * the profile state at once and the header with the next token (a refresh is asked for).
 */
export function PhotoPanel({ profile }: { profile: ProfileActor }) {
  const { logic } = useAppActors();
  const image = useSelector(profile, (s) => s.context.image);
  return <PhotoEditor image={image} logic={profileLogic(logic).photo(profile)} />;
}

/** The photo panel for any owner (a profile, an agent's own record): the owner's `logic` says where a change goes. */
export function PhotoEditor({ image, logic }: { image: string | null; logic: typeof photoMachine }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const photo = useActorRef(logic);
  const state = useSelector(photo, (s) => s);
  // A refused file is never drawn (a text file named .jpg would show as a broken picture).
  const preview = usePreview(refusesFile(state.context.error) ? null : state.context.file);
  /** The file being cropped: a step of this screen only, before anything reaches the photo machine. */
  const [cropping, setCropping] = useState<File | null>(null);
  return (
    <section className="photo-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>
        <Trans>Photo</Trans>
      </h2>
      <div className="photo-row">
        {preview ? (
          <img src={preview} alt={t`Chosen for upload`} width={128} height={128} className="avatar" />
        ) : (
          <ProtectedImage src={image} alt={t`Your profile photo`} size={128} className="avatar" />
        )}
        <div className="photo-actions">
          {cropping ? (
            // PRODUCT.md §6: the photo is square; the user picks the square before it is uploaded.
            <SquareCrop
              file={cropping}
              onCrop={(square) => {
                setCropping(null);
                // Sent at once: a cropped square that only looked saved was lost on leaving (issue 22).
                photo.send({
                  type: 'photo.use',
                  file: new File([square], 'photo.jpg', { type: 'image/jpeg' }),
                });
              }}
              onCancel={() => setCropping(null)}
              onUnreadable={() => {
                setCropping(null);
                photo.send({ type: 'photo.unreadable', file: cropping });
              }}
            />
          ) : (
            <FilePicker
              label={t`Choose a photo`}
              description={t`JPEG, PNG or WebP, at most 5 MB; you choose the square next.`}
              acceptedFileTypes={[...PHOTO_TYPES]}
              isDisabled={state.hasTag('busy')}
              onSelect={setCropping}
              // The machine names what is wrong with it (type, size) instead of ignoring the pick.
              onRefuse={(file) => photo.send({ type: 'photo.choose', file })}
            />
          )}
          {state.matches('chosen') && (
            <p>
              <button
                type="button"
                className="button"
                disabled={!state.can({ type: 'photo.upload' })}
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

/** Downloads the profile card PDF (GET /api/profile/card/pdf); a second click while it loads does nothing. */
export function CardDownload({ company = false }: { company?: boolean }) {
  const { i18n } = useLingui();
  const { logic } = useAppActors();
  const en = i18n.locale === 'en';
  const fileName = company
    ? en
      ? 'matchwerk-company-card.pdf'
      : 'matchwerk-unternehmenskarte.pdf'
    : en
      ? 'matchwerk-profile.pdf'
      : 'matchwerk-profil.pdf';
  return (
    <DownloadButton logic={profileLogic(logic).profileCard} fileName={fileName}>
      {company ? <Trans>Download company card (PDF)</Trans> : <Trans>Download profile card (PDF)</Trans>}
    </DownloadButton>
  );
}
