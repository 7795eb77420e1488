import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { type FieldDefinition, fieldIsFor } from '../../../contract/catalog';
import type { ClientRef } from '../../../contract/client';
import type { Language } from '../../../contract/user-types';
import {
  CLIENT_KEY,
  CONFIRM_CLIENT_KEY,
  DEFAULT_WEIGHT,
  type DraftCriterion,
  type JobFormActor,
} from '../../machines/jobs/job-form.machine';
import { hasUnsavedJobChanges, jobFormOf } from '../../machines/jobs/job-lifecycle.machine';
import type { JobPreviewActor } from '../../machines/jobs/job-preview.machine';
import type { jobsLogic } from '../../machines/jobs/job-provider';
import type { CitySearchLogic } from '../../machines/shared/city-search.machine';
import { citySearch } from '../../machines/shared/city-search-actors';
import type { ClientSearchLogic } from '../../machines/shared/client-search.machine';
import { clientSearch } from '../../machines/shared/client-search-actors';
import { useAppActors } from '../components/app-context';
import { ErrorSummary } from '../components/catalog-form';
import { Checkbox } from '../components/checkbox';
import { errorMessage } from '../components/error-message';
import { CatalogField } from '../components/fields/catalog-field';
import { NumberField } from '../components/number-field';
import { RetryAlert } from '../components/retry-alert';
import { Screen } from '../components/screen';
import { Slider } from '../components/slider';
import { Switch } from '../components/switch';
import { ClientField } from './client-field';
import { WhatIf } from './what-if-panel';

const workspaceRoute = getRouteApi('/_protected');
const leaveQuestion = msg`Leave the job without saving? Your changes will be lost.`;

/** The editor's job machines, one for an agent and one for a company (job-provider.ts `editor`). */
export type JobEditorMachines = ReturnType<typeof jobsLogic>['editor'];

/** newJob, editJob/{uuid} and duplicate/{uuid}: one editor (PRODUCT.md §6); a company's is the request form. */
export function JobEditor({
  uuid,
  copyOf,
  editor,
}: {
  uuid: string | null;
  copyOf?: string | null;
  editor: JobEditorMachines;
}) {
  const { i18n, t } = useLingui();
  const { fields, claims } = workspaceRoute.useLoaderData();
  const { logic } = useAppActors();
  const navigate = useNavigate();
  /** Where the copy's title puts the original's (the machine fills it in). */
  const original = '{title}';
  const asCompany = claims.user_type === 'company';
  const actor = useActorRef(asCompany ? editor.company : editor.agent, {
    input: {
      uuid,
      copyOf: copyOf ?? null,
      fields: fields.job,
      asCompany,
      // The copy's title, in the user's language: "Kopie von …" / "Copy of …".
      copyTitle: t`Copy of ${original}`,
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  // Saved for the first time (newJob, a copy): the address becomes the job's own (issue 22).
  // "Save and run": once its run is asked for, the job opens on its results page, where the run shows.
  const storedUuid = snapshot.context.uuid;
  const runAsked = snapshot.context.run !== null || snapshot.context.error !== null;
  const requesting = snapshot.matches({ active: 'requesting' });
  useEffect(() => {
    if (uuid !== null || !storedUuid || asCompany || requesting) return;
    if (runAsked) {
      void navigate({ to: '/matchingJobResult/$jobUuid', params: { jobUuid: storedUuid }, replace: true });
    } else {
      void navigate({ to: '/editJob/$jobUuid', params: { jobUuid: storedUuid }, replace: true });
    }
  }, [uuid, storedUuid, asCompany, requesting, runAsked, navigate]);
  const cities = citySearch(logic);
  const clients = clientSearch(logic);

  useBlocker({
    shouldBlockFn: () => hasUnsavedJobChanges(actor.getSnapshot()) && !window.confirm(i18n._(leaveQuestion)),
    enableBeforeUnload: () => hasUnsavedJobChanges(actor.getSnapshot()),
  });

  if (snapshot.hasTag('busy') && (snapshot.matches('loading') || snapshot.matches('loadingCopy'))) {
    return (
      <p aria-busy="true">
        <Trans>Loading the job…</Trans>
      </p>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return <RetryAlert code={snapshot.context.error} onRetry={() => actor.send({ type: 'job.retry' })} />;
  }
  // The form exists while the job may be edited (a draft, an active job).
  const form = jobFormOf(snapshot);
  if (!form) {
    // Archived: read-only, and the way to edit it is to re-activate it on the job's page (issue 22).
    const { job, uuid: jobUuid } = snapshot.context;
    return (
      <div className="job-archived">
        {job && <h2>{String(job.values.title ?? '')}</h2>}
        <p role="status">
          <Trans>This job is archived: it cannot run or be edited until it is re-activated.</Trans>
        </p>
        {jobUuid && (
          <p>
            <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid }} className="button">
              <Trans>Open the job to re-activate it</Trans>
            </Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <JobFormView
      actor={form}
      active={snapshot.matches('active')}
      jobUuid={snapshot.context.uuid}
      asCompany={asCompany}
      cities={cities}
      clients={clients}
    />
  );
}

function JobFormView({
  actor,
  active,
  jobUuid,
  asCompany,
  cities,
  clients,
}: {
  actor: JobFormActor;
  active: boolean;
  jobUuid: string | null;
  asCompany: boolean;
  cities: CitySearchLogic;
  clients: ClientSearchLogic;
}) {
  const { i18n } = useLingui();
  const { fields } = workspaceRoute.useLoaderData();
  const navigate = useNavigate();
  const snapshot = useSelector(actor, (s) => s);
  const { form, formErrors } = snapshot.context;
  const { claims } = workspaceRoute.useLoaderData();
  // Only the fields of the caller's form: a company's request has no target groups (PRODUCT.md §10).
  const own = fields.job.filter((f) => fieldIsFor(f, claims.user_type));
  const valueFields = own.filter((f) => !f.criterion);
  const criterionFields = own.filter((f) => f.criterion);
  const saved = active && !snapshot.hasTag('unsaved');

  const preview = snapshot.children.whatIf as JobPreviewActor | undefined;

  return (
    <div className="job-editor">
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'job.save' });
        }}
      >
        {snapshot.context.error && (
          <p className="form-error" role="alert">
            {errorMessage(i18n, snapshot.context.error)}
          </p>
        )}
        <ErrorSummary fields={fields.job} errors={formErrors} idPrefix="job" />
        {snapshot.matches('conflict') && (
          <div className="form-error" role="alert">
            <p>
              <Trans>Someone else saved this job in the meantime.</Trans>
            </p>
            <button type="button" className="button" onClick={() => actor.send({ type: 'job.keepMine' })}>
              <Trans>Keep my version</Trans>
            </button>{' '}
            <button type="button" className="button" onClick={() => actor.send({ type: 'job.takeTheirs' })}>
              <Trans>Take their version</Trans>
            </button>
          </div>
        )}
        <fieldset className="job-values">
          <legend>{asCompany ? <Trans>Your request</Trans> : <Trans>The job</Trans>}</legend>
          {!asCompany &&
            (snapshot.context.job?.origin === 'company' ? (
              // A company's request is always for that company.
              <p className="field">
                <Trans>Client:</Trans>{' '}
                {snapshot.context.job.client?.name ?? snapshot.context.job.company?.name}
              </p>
            ) : (
              <ClientField
                key={snapshot.context.job?.version ?? 'new'}
                value={(form.values[CLIENT_KEY] as ClientRef | null | undefined) ?? null}
                errors={formErrors[CLIENT_KEY] ?? []}
                onChange={(value) => actor.send({ type: 'job.change', key: CLIENT_KEY, value })}
                search={clients}
              />
            ))}
          {(snapshot.context.error === 'job.client_has_submissions' ||
            form.values[CONFIRM_CLIENT_KEY] === true) && (
            <div className="field">
              <Checkbox
                isSelected={form.values[CONFIRM_CLIENT_KEY] === true}
                onChange={(value: boolean) =>
                  actor.send({ type: 'job.change', key: CONFIRM_CLIENT_KEY, value: value || undefined })
                }
              >
                <Trans>
                  Change the client anyway: the candidates sent so far stay with{' '}
                  {snapshot.context.job?.client?.name ?? ''}
                </Trans>
              </Checkbox>
            </div>
          )}
          {valueFields.map((field) => (
            <CatalogField
              key={field.key}
              field={field}
              id={`job-${field.key}`}
              value={form.values[field.key] ?? null}
              errors={formErrors[field.key] ?? []}
              onChange={(value) => actor.send({ type: 'job.change', key: field.key, value })}
              citySearch={cities}
            />
          ))}
        </fieldset>
        <fieldset className="job-criteria">
          <legend>
            <Trans>Criteria</Trans>
          </legend>
          {!asCompany && (
            <p className="field-help">
              <Trans>
                Give each criterion a weight from 0 (ignored) to 5 (decisive). A must-have excludes every
                candidate who does not meet it in full.
              </Trans>
            </p>
          )}
          {criterionFields.map((field) => (
            <CriterionRow
              key={field.key}
              field={field}
              criterion={form.criteria.find((c) => c.key === field.key) ?? null}
              errors={formErrors[`criteria.${field.key}`] ?? []}
              asCompany={asCompany}
              actor={actor}
              citySearch={cities}
            />
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button" disabled={!snapshot.can({ type: 'job.save' })}>
            {asCompany ? <Trans>Send request</Trans> : <Trans>Save job</Trans>}
          </button>
          {!asCompany && !active && (
            // A new job (or a copy) is usually saved to be run: one step instead of save, open, run.
            <button
              type="button"
              className="button"
              disabled={!snapshot.can({ type: 'job.saveAndRun' })}
              onClick={() => actor.send({ type: 'job.saveAndRun' })}
            >
              <Trans>Save and start matching</Trans>
            </button>
          )}
          {snapshot.can({ type: 'job.rollback' }) && (
            <button type="button" className="button" onClick={() => actor.send({ type: 'job.rollback' })}>
              <Trans>Discard changes</Trans>
            </button>
          )}
          {saved && jobUuid && !asCompany && (
            <button
              type="button"
              className="button"
              onClick={() => navigate({ to: '/matchingJobResult/$jobUuid', params: { jobUuid } })}
            >
              <Trans>To the results</Trans>
            </button>
          )}
          {saved && asCompany && (
            <p role="status">
              <Trans>Your request was sent. An agent will take care of it.</Trans>
            </p>
          )}
        </div>
        {snapshot.hasTag('busy') && (
          <p role="status" className="muted">
            <Trans>Saving…</Trans>
          </p>
        )}
      </form>
      {!asCompany && preview && <WhatIf preview={preview} fields={criterionFields} />}
    </div>
  );
}

function CriterionRow({
  field,
  criterion,
  errors,
  asCompany,
  actor,
  citySearch,
}: {
  field: FieldDefinition;
  criterion: DraftCriterion | null;
  errors: string[];
  asCompany: boolean;
  actor: JobFormActor;
  citySearch: CitySearchLogic;
}) {
  const { t, i18n } = useLingui();
  const label = field.label[i18n.locale as Language];
  const id = `criterion-${field.key}`;
  const patch = (p: Partial<Omit<DraftCriterion, 'key'>> | null) => {
    actor.send({ type: 'job.criterion', key: field.key, patch: p });
  };
  const isLocation = field.type === 'location';
  const location = (criterion?.value ?? null) as Record<string, unknown> | null;
  return (
    <div className="criterion">
      <CatalogField
        field={{ ...field, required: false }}
        id={id}
        value={criterion?.value ?? null}
        errors={errors}
        onChange={(value) => {
          if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) patch(null);
          else if (isLocation && value && typeof value === 'object') {
            patch({ value: { ...(value as object), radius_km: (location?.radius_km as number) ?? 50 } });
          } else patch({ value });
        }}
        citySearch={citySearch}
      />
      {isLocation && location && (
        <NumberField
          className="criterion-radius"
          label={t`Radius in km`}
          minValue={field.min ?? 1}
          maxValue={field.max ?? 1000}
          step={1}
          value={Number(location.radius_km ?? 50)}
          onChange={(radius) => {
            if (Number.isFinite(radius)) patch({ value: { ...location, radius_km: radius } });
          }}
        />
      )}
      {!asCompany && criterion && (
        <div className="criterion-weight">
          <Slider
            label={t`Weight of ${label}`}
            minValue={0}
            maxValue={5}
            step={1}
            value={criterion.weight ?? DEFAULT_WEIGHT}
            onChange={(weight) => patch({ weight: weight as number })}
          />
          <Switch isSelected={criterion.must ?? false} onChange={(must) => patch({ must })}>
            {t`${label} is a must-have`}
          </Switch>
        </div>
      )}
    </div>
  );
}

/** newJob: an agent's new job, or a company's request. */
export function NewJobScreen({ editor }: { editor: JobEditorMachines }) {
  const { t } = useLingui();
  const { claims } = workspaceRoute.useLoaderData();
  return (
    <Screen title={claims.user_type === 'company' ? t`New job request` : t`New matching job`}>
      <JobEditor uuid={null} editor={editor} />
    </Screen>
  );
}

/** editJob/{uuid}. */
export function EditJobScreen({ uuid, editor }: { uuid: string; editor: JobEditorMachines }) {
  const { t } = useLingui();
  return (
    <Screen title={t`Edit matching job`}>
      <JobEditor uuid={uuid} editor={editor} />
    </Screen>
  );
}

/** duplicate/{uuid}: the editor on a copy, saved as a new job. */
export function DuplicateJobScreen({ uuid, editor }: { uuid: string; editor: JobEditorMachines }) {
  const { t } = useLingui();
  return (
    <Screen title={t`Duplicate matching job`}>
      <JobEditor uuid={null} copyOf={uuid} editor={editor} />
    </Screen>
  );
}
