import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ProfileActor } from '../../machines/profile/profile.machine';
import type { RegistrationActor } from '../../machines/registration/registration.machine';
import { citySearch } from '../../machines/shared/city-search-actors';
import { useAppActors } from '../components/app-context';
import { CatalogForm, ErrorSummary } from '../components/catalog-form';
import { FormError } from '../components/form-error';

/** Step 4: only the required fields of the category, run by the registration's profile child. */
export function ProfileStep({ registration }: { registration: RegistrationActor }) {
  const error = useSelector(registration, (s) => s.context.error);
  const retry = useSelector(registration, (s) => s.can({ type: 'registration.retry' }));
  const profile = useSelector(registration, (s) => s.children.profile as ProfileActor | undefined);
  return (
    <div>
      <h2>
        <Trans>What agents need to know first</Trans>
      </h2>
      <FormError code={error} />
      {retry && (
        <p>
          <button type="button" onClick={() => registration.send({ type: 'registration.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {profile ? <RequiredFields profile={profile} /> : !retry && <p aria-busy="true" />}
    </div>
  );
}

function RequiredFields({ profile }: { profile: ProfileActor }) {
  const { logic } = useAppActors();
  const snapshot = useSelector(profile, (s) => s);
  const { fields, form, formErrors, error } = snapshot.context;
  if (snapshot.matches('loading')) return <p aria-busy="true" />;
  return (
    <form
      className="form"
      noValidate
      aria-busy={snapshot.hasTag('busy')}
      onSubmit={(e) => {
        e.preventDefault();
        profile.send({ type: 'profile.save' });
      }}
    >
      <FormError code={error} />
      <ErrorSummary fields={fields} errors={formErrors} idPrefix="register-profile" />
      <CatalogForm
        fields={fields}
        values={form}
        errors={formErrors}
        onChange={(key, value) => profile.send({ type: 'profile.change', key, value })}
        citySearch={citySearch(logic)}
        idPrefix="register-profile"
      />
      <button type="submit" className="button" disabled={snapshot.hasTag('busy')}>
        <Trans>Save and continue</Trans>
      </button>
    </form>
  );
}
