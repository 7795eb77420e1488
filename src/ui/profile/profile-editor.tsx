import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../../contract/catalog';
import { fieldIsFor } from '../../../contract/catalog';
import { hasUnsavedChanges, mayEdit, type ProfileActor } from '../../machines/profile/profile.machine';
import { citySearch } from '../../machines/shared/city-search-actors';
import { useAppActors } from '../components/app-context';
import { CatalogForm, ErrorSummary } from '../components/catalog-form';
import { errorMessage } from '../components/error-message';
import { type ProfileOwner, profileTabName } from '../components/profile-tabs';
import { Screen } from '../components/screen';
import { ProfileFacts } from './profile-facts';

const leaveQuestion = msg`You have unsaved changes. Leave this page and lose them?`;

/** Tabs in catalogue order. */
export function tabsOf(fields: FieldDefinition[]): string[] {
  return [...new Set(fields.map((f) => f.tab))];
}

/**
 * A profile or company profile as an editable, tabbed form over the profile machine: the user's own
 * (`owner` 'own', the default), or one an agent edits ('other'). A profile the server says the caller
 * may not change (`mayEdit`) is shown read-only instead.
 */
export function ProfileEditor({
  actor,
  idPrefix,
  owner = 'own',
}: {
  actor: ProfileActor;
  idPrefix: string;
  owner?: ProfileOwner;
}) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const fields = context.fields.filter((f) => fieldIsFor(f, context.userType));
  const tabs = tabsOf(fields);
  const tab = tabs.includes(context.tab) ? context.tab : (tabs[0] ?? '');
  const unsaved = hasUnsavedChanges(snapshot);
  const cities = citySearch(useAppActors().logic);

  useBlocker({
    shouldBlockFn: () => hasUnsavedChanges(actor.getSnapshot()) && !window.confirm(i18n._(leaveQuestion)),
    enableBeforeUnload: () => hasUnsavedChanges(actor.getSnapshot()),
  });

  if (snapshot.matches('loading')) {
    return (
      <p aria-busy="true">
        <Trans>Loading the profile…</Trans>
      </p>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <div className="form-error" role="alert">
        <p>{errorMessage(i18n, context.error)}</p>
        <button type="button" onClick={() => actor.send({ type: 'profile.reload' })}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (!mayEdit(snapshot)) {
    return (
      <ProfileFacts
        fields={fields}
        tabs={tabs}
        values={context.profile?.values ?? {}}
        idPrefix={idPrefix}
        owner={owner}
      />
    );
  }
  const tabName = (key: string) => profileTabName(i18n, key, owner);
  const saving = snapshot.matches('saving');
  return (
    <form
      className="profile-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'profile.save' });
      }}
    >
      {snapshot.matches('failed') && (
        <p className="form-error" role="alert">
          {errorMessage(i18n, context.error)}
        </p>
      )}
      {snapshot.matches('conflict') && (
        <div className="form-error" role="alert">
          <p>
            <Trans>
              Someone saved this profile while you were editing it. Keep your version or take theirs?
            </Trans>
          </p>
          <button type="button" onClick={() => actor.send({ type: 'profile.keepMine' })}>
            <Trans>Keep mine</Trans>
          </button>{' '}
          <button type="button" onClick={() => actor.send({ type: 'profile.takeTheirs' })}>
            <Trans>Take theirs</Trans>
          </button>
        </div>
      )}
      <ErrorSummary
        fields={fields}
        errors={context.formErrors}
        idPrefix={idPrefix}
        onSelect={(f) => actor.send({ type: 'profile.tab', tab: f.tab })}
      />
      <div role="tablist" aria-label={t`Profile sections`} className="tabs">
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${key}`}
            aria-selected={key === tab}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={key === tab ? 0 : -1}
            onClick={() => actor.send({ type: 'profile.tab', tab: key })}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(key) + step + tabs.length) % tabs.length] ?? key;
              actor.send({ type: 'profile.tab', tab: next });
              document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
            }}
          >
            {tabName(key)}
            {fields.some((f) => f.tab === key && (context.formErrors[f.key] ?? []).length > 0) && (
              <span className="tab-error"> ⚠</span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        <CatalogForm
          fields={fields.filter((f) => f.tab === tab)}
          values={context.form}
          errors={context.formErrors}
          onChange={(key, value) => actor.send({ type: 'profile.change', key, value })}
          citySearch={cities}
          idPrefix={idPrefix}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving || !unsaved}>
          <Trans>Save</Trans>
        </button>
        <button
          type="button"
          disabled={!unsaved || saving}
          onClick={() => actor.send({ type: 'profile.rollback' })}
        >
          <Trans>Undo all changes</Trans>
        </button>
        {/* Beside the buttons it acts on: above the tabs, its empty line left a gap under the title. */}
        <p role="status" aria-live="polite" className="profile-status">
          {snapshot.matches('saved') && <Trans>Your changes are saved.</Trans>}
          {unsaved && !saving && <Trans>You have unsaved changes.</Trans>}
          {saving && <Trans>Saving…</Trans>}
        </p>
      </div>
    </form>
  );
}

/**
 * stellas|lunas|novas/new, companies/new (issue 20): the same form for a record an agent creates; the
 * first save creates it, and then `created` says where to go (the new record's page).
 */
export function NewRecordScreen({
  title,
  actor,
  idPrefix,
  created,
}: {
  title: string;
  actor: ProfileActor;
  idPrefix: string;
  created: (uuid: string) => ReactNode;
}) {
  const uuid = useSelector(actor, (s) => (s.matches('saved') ? (s.context.profile?.uuid ?? null) : null));
  if (uuid) return created(uuid);
  return (
    <Screen title={title}>
      <ProfileEditor actor={actor} idPrefix={idPrefix} owner="other" />
    </Screen>
  );
}
