import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ClientAnswer, ClientJobs, Submission } from '../../../contract/submissions';
import type { companyLogic } from '../../machines/companies/company-actors';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { DownloadButton } from '../components/download-button';
import { FormError } from '../components/form-error';
import { useFormFields } from '../components/form-fields';
import { formatDate } from '../components/format';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';
import { TextField } from '../components/text-field';

/** The candidates sent to a company for one job, as the provider hands them out (company-actors.ts). */
export type ClientSubmissionsLogic = ReturnType<ReturnType<typeof companyLogic>['clientSubmissions']>;

/**
 * /clientCandidates/{job}: the candidates the agency sent to the company for one of its jobs (issue 21
 * point 5), each with the card the company got — in the UI's language — and its answer: "interested"
 * or "not interested" with a comment, once. `focus` (the mail's link to one card, `?card=MW-…`): that
 * card is scrolled to and focused once it shows.
 */
export function ClientSubmissionsScreen({
  logic,
  focus,
}: {
  logic: ClientSubmissionsLogic;
  focus?: string | undefined;
}) {
  const { t } = useLingui();
  const state = useSelector(logic.list, (s) => s);
  const data = resourceData(state);
  return (
    <Screen title={data ? t`Candidates for ${data.job.title}` : t`Candidates for you`}>
      <p>
        <Link to="/dashboard">
          <Trans>Back to the dashboard</Trans>
        </Link>
      </p>
      <ResourceStatus
        resource={logic.list}
        state={state}
        loaded={Boolean(data)}
        loading={t`Loading the candidates…`}
        lines={3}
      />
      {data && data.items.length === 0 && (
        <p>
          <Trans>No candidate was sent to you for this job yet. We will let you know by e-mail.</Trans>
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="client-submissions">
          {data.items.map((candidate) => (
            <li key={candidate.uuid}>
              <CandidateCard candidate={candidate} logic={logic} focused={candidate.reference === focus} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function CandidateCard({
  candidate,
  logic,
  focused,
}: {
  candidate: Submission;
  logic: ClientSubmissionsLogic;
  /** The card the mail's link named: scrolled to and focused once, and marked. */
  focused: boolean;
}) {
  const { t, i18n } = useLingui();
  const article = useRef<HTMLElement>(null);
  // Once per page: an answer given on the card re-renders it, and the focus must not jump back then.
  const claimed = useRef(false);
  useEffect(() => {
    if (!focused || claimed.current) return;
    claimed.current = true;
    article.current?.scrollIntoView({ block: 'start' });
    article.current?.focus({ preventScroll: true });
  }, [focused]);
  const card = i18n.locale.startsWith('en') ? candidate.cards.en : candidate.cards.de;
  const download = useMemo(() => logic.card(candidate.uuid), [logic, candidate.uuid]);
  const titleId = `client-candidate-${candidate.uuid}`;
  const sent = formatDate(i18n, candidate.submittedAt);
  return (
    <article
      ref={article}
      id={`card-${candidate.reference}`}
      className={focused ? 'client-card client-card-focused' : 'client-card'}
      aria-labelledby={titleId}
      // Focusable only from the link, so that the focus lands on the card the mail named.
      tabIndex={focused ? -1 : undefined}
    >
      <h2 id={titleId}>{card.name}</h2>
      {card.subtitle && <p className="client-card-subtitle">{card.subtitle}</p>}
      <p className="muted">
        {candidate.card === 'full' ? t`Full card` : t`Anonymised card`} · <Trans>sent on {sent}</Trans>
      </p>
      <dl className="client-card-rows">
        {card.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value || '–'}</dd>
          </div>
        ))}
      </dl>
      {card.note && <p className="muted">{card.note}</p>}
      <DownloadButton logic={download} fileName={`${candidate.reference}.pdf`}>
        <Trans>Download the card (PDF)</Trans>
      </DownloadButton>
      {candidate.status === 'awaiting' ? (
        <AnswerForm candidate={candidate} logic={logic} name={card.name} />
      ) : (
        <AnswerShown candidate={candidate} logic={logic} name={card.name} />
      )}
    </article>
  );
}

/**
 * The answer given: what, when, and the comment; for 10 minutes (while the server says
 * `changeableUntil`) "Change answer" takes it back, and the candidate awaits an answer again.
 */
function AnswerShown({
  candidate,
  logic,
  name,
}: {
  candidate: Submission;
  logic: ClientSubmissionsLogic;
  name: string;
}) {
  const { i18n, t } = useLingui();
  const when = candidate.answeredAt ? formatDate(i18n, candidate.answeredAt) : '';
  const change = useMemo(() => logic.changeAnswer(candidate.uuid), [logic, candidate.uuid]);
  const changing = useSelector(change, (s) => s.hasTag('busy'));
  const error = useSelector(change, (s) => s.context.error);
  return (
    <div className="client-answer">
      <p>
        <span className={`badge client-answer-${candidate.status}`}>
          {candidate.status === 'interested' ? <Trans>Interested</Trans> : <Trans>Not interested</Trans>}
        </span>{' '}
        <Trans>Your answer of {when}</Trans>
      </p>
      {candidate.comment && <p className="client-answer-comment">{candidate.comment}</p>}
      <FormError code={error} />
      {candidate.changeableUntil && (
        <button
          type="button"
          disabled={changing}
          aria-label={t`Change answer about ${name}`}
          onClick={() => change.send({ type: 'submission.submit', input: null })}
        >
          <Trans>Change answer</Trans>
        </button>
      )}
    </div>
  );
}

/** The answer's comment and its two buttons: each sets the answer and sends it. */
function AnswerForm({
  candidate,
  logic,
  name,
}: {
  candidate: Submission;
  logic: ClientSubmissionsLogic;
  name: string;
}) {
  const { t } = useLingui();
  const answerLogic = useMemo(() => logic.answer(candidate.uuid), [logic, candidate.uuid]);
  const form = useActorRef(answerLogic, { input: {} });
  const { snapshot, field } = useFormFields(form);
  const busy = snapshot.hasTag('busy');
  const choose = (answer: ClientAnswer) => {
    form.send({ type: 'form.change', name: 'answer', value: answer });
    form.send({ type: 'form.submit' });
  };
  const refused = snapshot.context.error === 'pipeline.transition_refused';
  return (
    <form
      className="form client-answer-form"
      aria-label={t`Your answer about ${name}`}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      {refused ? (
        <p role="alert" className="form-error">
          <Trans>The agency has moved on with this candidate in the meantime; no answer is needed.</Trans>
        </p>
      ) : (
        <FormError code={snapshot.context.error} />
      )}
      <TextField
        id={`client-comment-${candidate.uuid}`}
        {...field('comment')}
        multiline
        label={t`Comment (optional)`}
        description={t`Visible to the agency only.`}
      />
      {field('answer').errorMessage && (
        <p className="field-error" role="alert">
          {field('answer').errorMessage}
        </p>
      )}
      <div className="client-answer-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={t`Interested in ${name}`}
          onClick={() => choose('interested')}
        >
          <Trans>Interested</Trans>
        </button>
        <button
          type="button"
          disabled={busy}
          aria-label={t`Not interested in ${name}`}
          onClick={() => choose('not_interested')}
        >
          <Trans>Not interested</Trans>
        </button>
      </div>
    </form>
  );
}

/** The company dashboard's part: its jobs with the candidates sent and those awaiting an answer. */
export function ClientJobsPanel({ list }: { list: Resource<ClientJobs> }) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData(state);
  const sent = data?.items.filter((job) => job.submitted > 0) ?? [];
  return (
    <section aria-labelledby="client-jobs-title">
      <h2 id="client-jobs-title">
        <Trans>Candidates for you</Trans>
      </h2>
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(data)}
        loading={t`Loading the candidates sent to you…`}
        lines={2}
      />
      {data && sent.length === 0 && (
        <p>
          <Trans>No candidate was sent to you yet.</Trans>
        </p>
      )}
      {sent.length > 0 && (
        <ul>
          {sent.map((job) => {
            const count = i18n.number(job.submitted);
            const awaiting = i18n.number(job.awaiting);
            return (
              <li key={job.uuid}>
                <Link to="/clientCandidates/$jobUuid" params={{ jobUuid: job.uuid }}>
                  {job.title || '–'}
                </Link>{' '}
                — <Trans>{count} sent</Trans>
                {job.awaiting > 0 && (
                  <>
                    {' · '}
                    <strong>
                      <Trans>{awaiting} awaiting your answer</Trans>
                    </strong>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
