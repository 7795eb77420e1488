import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AttentionItem, AttentionList as List } from '../../../contract/attention';
import type { AttentionKind } from '../../../contract/attention-search';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import type { SubmissionActor } from '../../machines/shared/submission.machine';
import { FormError } from '../components/form-error';
import { formatMoment } from '../components/format';
import { ResourceStatus } from '../components/resource-status';

/**
 * /pipeline/attention: the rows behind two of the dashboard's attention counts — company answers the
 * agent has not seen (each with "seen", which takes it off the list and the count), and submissions
 * the client has not answered for 5 days. Both on the agent's own jobs; each row links to its job.
 */
export function AttentionListScreen({
  kind,
  list,
  seen,
}: {
  kind: AttentionKind;
  list: Resource<List>;
  seen: SubmissionActor;
}) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData(state);
  const items = data?.kind === kind ? data.items : null;
  const seeing = useSelector(seen, (s) => s.hasTag('busy'));
  const seenError = useSelector(seen, (s) => s.context.error);
  const when = (iso: string | null) => (iso ? formatMoment(i18n, iso) : '–');
  const tabs = [
    { id: 'answers', label: t`Company answers` },
    { id: 'unanswered', label: t`Waiting for an answer` },
  ] as const;
  return (
    <>
      <nav className="tabs" aria-label={t`Lists`}>
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            className="tab-link"
            to="/pipeline/attention"
            search={{ kind: tab.id }}
            aria-current={tab.id === kind ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <p className="muted">
        {kind === 'answers' ? (
          <Trans>
            Answers of companies to the candidates sent to them, on your jobs, not yet marked as seen.
          </Trans>
        ) : (
          <Trans>
            Candidates sent to a company more than 5 days ago, on your jobs, still without an answer.
          </Trans>
        )}
      </p>
      <FormError code={seenError} />
      <ResourceStatus resource={list} state={state} loaded={Boolean(items)} loading={t`Loading the list…`} />
      {items && items.length === 0 && (
        <p>
          {kind === 'answers' ? (
            <Trans>No new answer: nothing to do here.</Trans>
          ) : (
            <Trans>No submission has been waiting for 5 days.</Trans>
          )}
        </p>
      )}
      {items && items.length > 0 && (
        <div className="table-wrap" aria-busy={state.hasTag('busy')}>
          <table className="stack-table attention-table">
            <caption className="visually-hidden">{tabs.find((tab) => tab.id === kind)?.label}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Candidate</Trans>
                </th>
                <th scope="col">
                  <Trans>Job</Trans>
                </th>
                {kind === 'answers' && (
                  <>
                    <th scope="col">
                      <Trans>Answer</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Comment</Trans>
                    </th>
                  </>
                )}
                <th scope="col">{kind === 'answers' ? <Trans>Answered</Trans> : <Trans>Sent</Trans>}</th>
                {kind === 'answers' && (
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Row key={item.uuid} item={item} kind={kind}>
                  <td data-label={kind === 'answers' ? t`Answered` : t`Sent`}>
                    {when(kind === 'answers' ? item.answeredAt : item.submittedAt)}
                  </td>
                  {kind === 'answers' && (
                    <td>
                      <button
                        type="button"
                        className="button"
                        disabled={seeing}
                        aria-label={t`Mark the answer on ${item.profile.name || t`Unnamed candidate`} as seen`}
                        onClick={() => seen.send({ type: 'submission.submit', input: item.uuid })}
                      >
                        <Trans>Seen</Trans>
                      </button>
                    </td>
                  )}
                </Row>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const VIEW = { luna: '/lunas/view/$uuid', nova: '/novas/view/$uuid', stella: '/stellas/view/$uuid' } as const;

function Row({ item, kind, children }: { item: AttentionItem; kind: AttentionKind; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <tr>
      <th scope="row">
        <Link
          to={VIEW[item.profile.type as keyof typeof VIEW] ?? VIEW.stella}
          params={{ uuid: item.profile.uuid }}
          className="attention-candidate"
        >
          {item.profile.name || t`Unnamed candidate`}
        </Link>
      </th>
      <td data-label={t`Job`}>
        {/* The entry on the job's pipeline tab, scrolled to and focused. */}
        <Link
          to="/matchingJobResult/$jobUuid"
          params={{ jobUuid: item.job.uuid }}
          search={{ view: 'pipeline', entry: item.uuid }}
        >
          {item.job.title || t`Untitled job`}
        </Link>
      </td>
      {kind === 'answers' && (
        <>
          <td data-label={t`Answer`}>
            {item.answer === 'interested' ? (
              <strong className="answer-yes">
                <Trans>Interested</Trans>
              </strong>
            ) : (
              <strong className="answer-no">
                <Trans>Not interested</Trans>
              </strong>
            )}
          </td>
          <td data-label={t`Comment`} className="attention-comment">
            {item.comment || '–'}
          </td>
        </>
      )}
      {children}
    </tr>
  );
}
