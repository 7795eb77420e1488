import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ProfileActor } from '../../machines/profile/profile.machine';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { useAppActors } from '../components/app-context';
import { FormError } from '../components/form-error';
import { PhotoPanel } from '../components/photo-panel';

/** Step 5: a photo, or not; companies have none. */
export function PhotoStep({ registration }: { registration: RegistrationActor }) {
  const { session } = useAppActors();
  const company = useSelector(session, (s) => s.context.claims?.user_type === 'company');
  const error = useSelector(registration, (s) => s.context.error);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const profile = useSelector(registration, (s) => s.children.photoProfile as ProfileActor | undefined);
  const image = useSelector(profile, (s) => s?.context.image ?? null);
  return (
    <div>
      <FormError code={error} />
      {!company && profile && <PhotoPanel profile={profile} />}
      <p>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.photoDone' })}
        >
          {image ? <Trans>Finish registration</Trans> : <Trans>Skip and finish registration</Trans>}
        </button>
      </p>
    </div>
  );
}
