import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type {
  OwnSubmission,
  OwnSubmissionStatus,
  OwnSubmissions,
  ProfileStep,
} from '../../../contract/submissions';
import { PROFILE_STEPS } from '../../../contract/submissions';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { formatDate } from '../components/format';
import { ResourceStatus } from '../components/resource-status';

// The lifecycle page in plain words for the people it is about (issue 42): a candidate sees what happens
// with their profile and where it was sent; a company what happens with its requests. No machine
// diagrams: those are the agents'.

const STEP_TEXT: Record<ProfileStep, MessageDescriptor> = {
  registered: msg`You registered`,
  visible: msg`Our agents can see your profile and include it in matching`,
  matched: msg`Your profile matched a job`,
  proposed: msg`An agent proposed you for a job`,
  sent: msg`Your profile was sent to a company`,
  answered: msg`A company answered`,
};

const STATUS_TEXT: Record<OwnSubmissionStatus, MessageDescriptor> = {
  waiting: msg`Waiting for an answer`,
  interested: msg`The company is interested`,
  not_interested: msg`The company is not interested`,
  interview: msg`Interview`,
  offer: msg`Offer`,
  placed: msg`Placed`,
  closed: msg`Closed by the agency`,
  withdrawn: msg`Withdrawn`,
};

/** A candidate's lifecycle: the steps of their profile and every company it went to. */
export function CandidateLifecycle({ submissions }: { submissions: Resource<OwnSubmissions> }) {
  const { t, i18n } = useLingui();
  const state = useSelector(submissions, (s) => s);
  const data = resourceData(state);
  return (
    <div className="stack">
      <section aria-labelledby="own-steps-title">
        <h2 id="own-steps-title">
          <Trans>What happens with your profile</Trans>
        </h2>
        <p>
          <Trans>
            After you register, our agents see your profile and compare it with the jobs they look after. When
            it fits, an agent proposes you and may send your profile to a company — without your name, or with
            it if you agreed. The company then answers.
          </Trans>
        </p>
        <ResourceStatus
          resource={submissions}
          state={state}
          loaded={Boolean(data)}
          loading={t`Loading where your profile was sent…`}
        />
        {data && (
          <ol className="own-steps">
            {PROFILE_STEPS.map((step) => {
              const reached = data.reached.includes(step);
              return (
                <li key={step} data-reached={reached}>
                  {i18n._(STEP_TEXT[step])}
                  {': '}
                  <strong>{reached ? t`yes` : t`not yet`}</strong>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {data && (
        <section aria-labelledby="own-sent-title">
          <h2 id="own-sent-title">
            <Trans>Where your profile was sent</Trans>
          </h2>
          <p>
            <Plural
              value={data.companies}
              _0="Your profile has not been sent to a company yet."
              one="Your profile was sent to # company."
              other="Your profile was sent to # companies."
            />
          </p>
          {data.items.length > 0 && (
            <ul className="own-sends">
              {data.items.map((item, index) => (
                // A send has no id of its own the candidate may see; the list's order is the server's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the items never reorder on screen
                <SentItem key={index} item={item} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function SentItem({ item }: { item: OwnSubmission }) {
  const { i18n } = useLingui();
  const date = formatDate(i18n, item.sentAt);
  const company = item.company;
  return (
    <li>
      <span>{date}</span>{' '}
      <span>
        {item.card === 'full' && company ? (
          <Trans>with your name to {company}</Trans>
        ) : item.card === 'full' ? (
          <Trans>with your name to a company</Trans>
        ) : (
          <Trans>anonymised to a company</Trans>
        )}
      </span>
      {' · '}
      <strong>{i18n._(STATUS_TEXT[item.status])}</strong>
    </li>
  );
}

/** A company's lifecycle: what happens with its requests and the candidates it is sent. */
export function CompanyLifecycle() {
  return (
    <section aria-labelledby="company-steps-title">
      <h2 id="company-steps-title">
        <Trans>What happens with your requests</Trans>
      </h2>
      <ol className="own-steps">
        <li>
          <Trans>You file a request with the job you want to fill.</Trans>
        </li>
        <li>
          <Trans>An agent takes it over: your dashboard then says who is working on it.</Trans>
        </li>
        <li>
          <Trans>
            The agent searches for fitting candidates and sends you their profiles — anonymised, or with the
            name when the candidate agreed.
          </Trans>
        </li>
        <li>
          <Trans>
            You answer each candidate on your dashboard: interested or not interested, with a comment if you
            like.
          </Trans>
        </li>
        <li>
          <Trans>When you are interested, the agent arranges the interview with you and the candidate.</Trans>
        </li>
      </ol>
    </section>
  );
}
