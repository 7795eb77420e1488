import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ERASURE_REASONS, type ErasurePreview, type ErasureReason } from '../../../contract/erasure';
import { retryCannotHelp } from '../../../contract/errors';
import type { ErasureTarget } from '../../machines/candidates/erasure.machine';
import type { ErasureLogic } from '../../machines/candidates/erasure-actors';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { errorMessage } from './error-message';
import { Select } from './select';
import { TextField } from './text-field';
import { showToast } from './toast';

const REASONS: Record<ErasureReason, ReturnType<typeof msg>> = {
  erasure_request: msg`The person asked for erasure (DSGVO Art. 17)`,
  duplicate: msg`Duplicate record`,
  no_longer_needed: msg`No longer needed`,
  other: msg`Other reason`,
};

/**
 * "Delete" on a candidate's or company's page (issue 42): a dialog naming what goes (the server's
 * count), a reason and the name or e-mail typed to confirm; the erasure machine does the calls.
 * Once the record is gone the page has nothing left to show: a toast says so and `onErased` leaves
 * for the list.
 */
export function EraseRecord({
  logic,
  target,
  onErased,
}: {
  logic: ErasureLogic;
  target: ErasureTarget;
  onErased: () => void;
}) {
  const { i18n, t } = useLingui();
  const actor = useActorRef(logic, { input: target });
  const state = useSelector(actor, (s) => s);
  const { preview, reason, confirm, error } = state.context;
  useEffect(() => {
    // Deleted: say so and leave; the page's own data is gone.
    const ended = actor.subscribe((s) => {
      if (!s.matches('erased')) return;
      showToast(i18n._(msg`Deleted. The deletion is recorded without personal data.`));
      onErased();
    });
    return () => ended.unsubscribe();
  }, [actor, onErased, i18n]);
  const open = !state.matches('closed') && !state.matches('erased');
  const title = preview?.name
    ? t`Delete ${preview.name}?`
    : target.kind === 'profile'
      ? t`Delete this candidate?`
      : t`Delete this company?`;
  return (
    <>
      <Button variant="danger" onPress={() => actor.send({ type: 'erasure.open' })}>
        <Trans>Delete</Trans>
      </Button>
      <ConfirmDialog
        title={title}
        isOpen={open}
        onOpenChange={(next) => {
          if (!next) actor.send({ type: 'erasure.cancel' });
        }}
        closedByOwner
        canConfirm={state.matches('asking')}
        confirmLabel={t`Delete for good`}
        onConfirm={() => actor.send({ type: 'erasure.confirm' })}
        consequences={
          state.matches('loading') ? (
            <p role="status">
              <Trans>Counting what the deletion takes…</Trans>
            </p>
          ) : state.matches('loadFailed') ? (
            <>
              <p className="form-error" role="alert">
                {errorMessage(i18n, error ?? '')}
              </p>
              {!retryCannotHelp(error ?? '') && (
                <Button variant="secondary" onPress={() => actor.send({ type: 'erasure.retry' })}>
                  <Trans>Try again</Trans>
                </Button>
              )}
            </>
          ) : preview ? (
            <>
              <WhatGoes preview={preview} />
              <Select
                label={t`Reason`}
                placeholder={t`Choose the reason`}
                isRequired
                selectedKey={reason}
                onSelectionChange={(key) => {
                  if (key !== null)
                    actor.send({ type: 'erasure.reason', reason: String(key) as ErasureReason });
                }}
                options={ERASURE_REASONS.map((id) => ({ id, label: i18n._(REASONS[id]) }))}
              />
              <TextField
                label={confirmLabel(i18n, preview)}
                isRequired
                autoComplete="off"
                value={confirm}
                onChange={(text) => actor.send({ type: 'erasure.confirmText', text })}
              />
              {error && (
                <p className="form-error" role="alert">
                  {errorMessage(i18n, error)}
                </p>
              )}
              {state.hasTag('busy') && (
                <p role="status">
                  <Trans>Deleting…</Trans>
                </p>
              )}
            </>
          ) : null
        }
      />
    </>
  );
}

/** What the confirmation may type: the name, the e-mail, or either. */
function confirmLabel(i18n: I18n, { name, email }: ErasurePreview): string {
  const [first = '', second] = [name, email].filter((text): text is string => Boolean(text));
  return i18n._(second ? msg`To confirm, type “${first}” or “${second}”` : msg`To confirm, type “${first}”`);
}

/** The list the dialog opens with: everything that goes, and what stays anonymised. */
function WhatGoes({ preview }: { preview: ErasurePreview }) {
  const entries = preview.timelineEntries;
  const contacts = preview.contacts;
  return (
    <>
      <p>
        <Trans>This cannot be undone. What goes:</Trans>
      </p>
      <ul>
        <li>
          {preview.kind === 'candidate' ? (
            <Trans>
              the profile and its timeline (<Plural value={entries} one="# entry" other="# entries" />)
            </Trans>
          ) : (
            <Trans>
              the company profile, its contacts ({contacts}) and its timeline (
              <Plural value={entries} one="# entry" other="# entries" />)
            </Trans>
          )}
        </li>
        {preview.account ? (
          <li>
            <Trans>the account and all its sessions: signing in is no longer possible</Trans>
          </li>
        ) : null}
        {preview.photo ? (
          <li>
            <Trans>the photo</Trans>
          </li>
        ) : null}
        {preview.kind === 'candidate' ? (
          <li>
            <Plural
              value={preview.pipelineEntries}
              one="# pipeline entry; each job keeps its history, anonymised"
              other="# pipeline entries; each job keeps its history, anonymised"
            />
          </li>
        ) : (
          <li>
            <Plural
              value={preview.jobs}
              one="# job of this client stays, without a client"
              other="# jobs of this client stay, without a client"
            />
          </li>
        )}
      </ul>
      {preview.activeJobs.length > 0 && (
        <div role="alert">
          <p>
            <Trans>These jobs are still active. Archive them first, then delete the company:</Trans>
          </p>
          <ul>
            {preview.activeJobs.map((job) => (
              <li key={job.uuid}>
                <Link to="/matchingJobResult/$jobUuid" params={{ jobUuid: job.uuid }}>
                  {job.title || job.uuid}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
