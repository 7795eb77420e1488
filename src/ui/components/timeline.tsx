import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useState } from 'react';
import { localDay } from '../../../contract/local-day';
import {
  TIMELINE_EARLIEST,
  type TimelineEntry,
  type TimelineKind,
  type TimelineSubject,
} from '../../../contract/timeline';
import type { TimelineFilter } from '../../machines/timeline/timeline.machine';
import type { TimelineLogic } from '../../machines/timeline/timeline-actors';
import { Button } from './button';
import { LazyDatePicker, preloadDatePicker } from './date-picker-lazy';
import { errorMessage } from './error-message';
import { FormError } from './form-error';
import { useFormFields } from './form-fields';
import { formatMoment } from './format';
import { Select } from './select';
import { TextField } from './text-field';
import { eventText } from './timeline-events';
import { TimelineReferenceLine } from './timeline-references';

const KINDS: Record<TimelineKind, MessageDescriptor> = {
  note: msg`Note`,
  call: msg`Call`,
  mail: msg`E-mail`,
  event: msg`Event`,
};
const FILTERS: Record<TimelineFilter, MessageDescriptor> = {
  all: msg`Everything`,
  note: msg`Notes`,
  call: msg`Calls`,
  mail: msg`E-mails`,
  event: msg`Events`,
};
const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/;

/** Plain text with its line breaks (CSS) and its web addresses as links; nothing else is markup. */
function LinkedText({ text }: { text: string }) {
  return (
    <p className="timeline-text">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * A candidate's, company's or job's timeline (PRODUCT.md §10): add a note, log a call or e-mail,
 * newest first with "more", one kind or all, the own note editable for 24 hours.
 */
export function Timeline({ logic, title }: { logic: TimelineLogic; title?: string }) {
  const { i18n, t } = useLingui();
  const state = useSelector(logic.timeline, (s) => s);
  const { items, total, error, filter, editing, subject } = state.context;
  const send = logic.timeline.send;
  return (
    <section aria-labelledby="timeline-title" className="timeline">
      <h2 id="timeline-title">{title ?? t`Timeline`}</h2>
      <AddEntry logic={logic} />
      <div className="timeline-filter">
        <Select
          label={t`Show`}
          selectedKey={filter}
          onSelectionChange={(key) =>
            send({ type: 'timeline.filter', filter: String(key) as TimelineFilter })
          }
          options={(Object.keys(FILTERS) as TimelineFilter[]).map((id) => ({
            id,
            label: i18n._(FILTERS[id]),
          }))}
        />
      </div>
      <p role="status" className="timeline-status">
        {state.hasTag('busy') ? <Trans>Loading the timeline…</Trans> : null}
      </p>
      {error && (
        <div role="alert" className="form-error">
          {errorMessage(i18n, error)}{' '}
          {state.can({ type: 'timeline.retry' }) && (
            <Button variant="secondary" onPress={() => send({ type: 'timeline.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </div>
      )}
      {state.matches('ready') && items.length === 0 && (
        <p>
          <Trans>Nothing here yet.</Trans>
        </p>
      )}
      <ol className="timeline-list" aria-busy={state.hasTag('busy')}>
        {items.map((entry) => (
          <li key={entry.uuid} className={`timeline-entry timeline-${entry.kind}`}>
            <Entry entry={entry} subject={subject} />
            {editing === entry.uuid ? (
              <NoteEditor logic={logic} entry={entry} />
            ) : (
              state.can({ type: 'timeline.edit', uuid: entry.uuid }) && (
                <Button variant="quiet" onPress={() => send({ type: 'timeline.edit', uuid: entry.uuid })}>
                  <Trans>Edit note</Trans>
                </Button>
              )
            )}
          </li>
        ))}
      </ol>
      {items.length > 0 && (
        <p className="muted">
          <Trans>
            {i18n.number(items.length)} of {i18n.number(total)} shown
          </Trans>
        </p>
      )}
      {state.can({ type: 'timeline.more' }) && (
        <Button variant="secondary" onPress={() => send({ type: 'timeline.more' })}>
          <Trans>Show more</Trans>
        </Button>
      )}
    </section>
  );
}

function Entry({ entry, subject }: { entry: TimelineEntry; subject: TimelineSubject }) {
  const { i18n } = useLingui();
  const when = formatMoment(i18n, entry.at);
  const event = entry.kind === 'event' ? eventText(i18n, entry, subject) : null;
  return (
    <>
      <p className="timeline-head">
        <span className="badge">{i18n._(KINDS[entry.kind])}</span> <time dateTime={entry.at}>{when}</time>
        {entry.author && <span className="muted"> · {entry.author.email}</span>}
        {entry.editedAt && (
          <span className="muted">
            {' '}
            · <Trans>edited</Trans>
          </span>
        )}
      </p>
      {event ? (
        <p className="timeline-text">
          {event.title}
          {event.detail && <span className="muted"> — {event.detail}</span>}
        </p>
      ) : (
        <LinkedText text={entry.text ?? ''} />
      )}
      <TimelineReferenceLine references={entry.references} />
    </>
  );
}

function AddEntry({ logic }: { logic: TimelineLogic }) {
  const { i18n, t } = useLingui();
  const { snapshot, field, submit } = useFormFields(logic.add);
  const kind = field('kind').value || 'note';
  const kindField = field('kind');
  const atField = field('at');
  return (
    <form
      className="form timeline-add"
      onSubmit={submit}
      // A call or a mail has a date: its field's code loads once the form is reached.
      onFocus={preloadDatePicker}
      noValidate
      aria-label={t`Add to the timeline`}
    >
      <FormError code={snapshot.context.error} />
      <Select
        label={t`Kind`}
        selectedKey={kind}
        onSelectionChange={(key) => kindField.onChange(String(key))}
        errorMessage={kindField.errorMessage}
        options={(['note', 'call', 'mail'] as const).map((id) => ({ id, label: i18n._(KINDS[id]) }))}
      />
      <TextField
        id="timeline-text"
        {...field('text')}
        multiline
        label={kind === 'note' ? <Trans>Note</Trans> : <Trans>Summary</Trans>}
      />
      {kind !== 'note' && (
        <LazyDatePicker
          id="timeline-at"
          label={<Trans>Date</Trans>}
          value={atField.value ? String(atField.value) : null}
          onChange={(day) => atField.onChange(day ?? '')}
          errorMessage={atField.errorMessage}
          isRequired
          commitWhileTyping
          // What the server takes: from 2000 on, and no later than today (the call or mail happened).
          minValue={TIMELINE_EARLIEST.slice(0, 10)}
          maxValue={localDay()}
        />
      )}
      {snapshot.matches('done') && <p role="status">{t`Added to the timeline.`}</p>}
      <button type="submit" disabled={snapshot.hasTag('busy')}>
        {kind === 'note' ? (
          <Trans>Add note</Trans>
        ) : kind === 'call' ? (
          <Trans>Log call</Trans>
        ) : (
          <Trans>Log e-mail</Trans>
        )}
      </button>
    </form>
  );
}

function NoteEditor({ logic, entry }: { logic: TimelineLogic; entry: TimelineEntry }) {
  const { t } = useLingui();
  const [machine] = useState(() => logic.editNote(entry));
  const form = useActorRef(machine, { input: { values: { text: entry.text ?? '' } } });
  const { snapshot, field, submit } = useFormFields(form);
  return (
    <form className="form timeline-edit" onSubmit={submit} noValidate aria-label={t`Edit note`}>
      <FormError code={snapshot.context.error} />
      <TextField
        id={`timeline-edit-${entry.uuid}`}
        {...field('text')}
        multiline
        label={<Trans>Note</Trans>}
      />
      <div className="job-actions">
        <button type="submit" disabled={snapshot.hasTag('busy')}>
          <Trans>Save note</Trans>
        </button>
        <Button variant="secondary" onPress={() => logic.timeline.send({ type: 'timeline.cancelEdit' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
