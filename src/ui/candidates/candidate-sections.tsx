import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AccessKind, AgentProfileDetail } from '../../../contract/agent';
import { type FieldDefinition, fieldIsFor } from '../../../contract/catalog';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { fieldLabel, valueText } from '../components/field-values';
import { formatMoment } from '../components/format';
import { profileTabName } from '../components/profile-tabs';
import { ScoreBar } from '../components/score-bar';

// The read-only sections of a candidate's page (candidate-detail.tsx): account facts, the jobs the
// candidate ranks in, the profile's values by tab, the access log (the timeline is a shared component).

const ACCESS_KINDS: Record<AccessKind, ReturnType<typeof msg>> = {
  profile: msg`profile viewed`,
  card_full: msg`full card downloaded`,
  card_anonymised: msg`anonymised card downloaded`,
  result_detail: msg`match result viewed`,
  results_csv: msg`in a results list downloaded (CSV)`,
};

export function AccountFacts({ detail }: { detail: AgentProfileDetail }) {
  const { i18n, t } = useLingui();
  const account = detail.account;
  const when = (iso: string | null) => (iso ? formatMoment(i18n, iso) : t`never`);
  return (
    <section aria-labelledby="candidate-account-title" className="candidate-section">
      <h2 id="candidate-account-title">
        <Trans>Account</Trans>
      </h2>
      {account ? (
        <dl className="facts">
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd>{account.email}</dd>
          <dt>
            <Trans>Registered</Trans>
          </dt>
          <dd>{when(account.registeredAt)}</dd>
          <dt>
            <Trans>Registration finished</Trans>
          </dt>
          <dd>{account.registrationFinished ? t`yes` : t`no`}</dd>
          <dt>
            <Trans>E-mail confirmed</Trans>
          </dt>
          <dd>{account.emailValidated ? t`yes` : t`no`}</dd>
          <dt>
            <Trans>SMS login protection</Trans>
          </dt>
          <dd>{account.twoFactor ? t`on` : t`off`}</dd>
          <dt>
            <Trans>Last login</Trans>
          </dt>
          <dd>{when(account.lastLoginAt)}</dd>
        </dl>
      ) : (
        <p>
          <Trans>This profile has no user account.</Trans>
        </p>
      )}
    </section>
  );
}

export function RankedJobs({ detail }: { detail: AgentProfileDetail }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="candidate-jobs-title" className="candidate-section">
      <h2 id="candidate-jobs-title">
        <Trans>Active jobs where the candidate ranks</Trans>
      </h2>
      {detail.jobs.length === 0 ? (
        <p>
          <Trans>The candidate is in no active job's results.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t`Active jobs where the candidate ranks`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Job</Trans>
                </th>
                <th scope="col">
                  <Trans>Rank</Trans>
                </th>
                <th scope="col">
                  <Trans>Score</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.jobs.map((job) => (
                <tr key={job.uuid}>
                  <th scope="row">
                    <Link
                      to="/matchingJobResultDetail/$jobUuid/$uuid"
                      params={{ jobUuid: job.uuid, uuid: detail.profile.uuid }}
                    >
                      {job.title}
                    </Link>
                  </th>
                  <td>{job.rank}</td>
                  <td>
                    <ScoreBar score={job.score} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Every catalogue tab, read-only. */
export function ProfileValues({
  detail,
  fields,
}: {
  detail: AgentProfileDetail;
  fields: Resource<FieldDefinition[]>;
}) {
  const { i18n } = useLingui();
  const catalog = resourceData(useSelector(fields, (s) => s)) ?? [];
  const own = catalog.filter((f) => fieldIsFor(f, detail.profile.type));
  const tabs = [...new Set(own.map((f) => f.tab))];
  const tabName = (key: string) => profileTabName(i18n, key, 'other');
  return (
    <section aria-labelledby="candidate-profile-title" className="candidate-section">
      <h2 id="candidate-profile-title">
        <Trans>Profile</Trans>
      </h2>
      {detail.profile.missing.length > 0 && (
        <p className="muted">
          <Trans>Still missing:</Trans>{' '}
          {detail.profile.missing
            .map((key) => {
              const field = own.find((f) => f.key === key);
              return field ? fieldLabel(field, i18n.locale) : key;
            })
            .join(', ')}
        </p>
      )}
      {tabs.map((tab) => (
        <div key={tab} className="candidate-tab">
          <h3>{tabName(tab)}</h3>
          <dl className="facts">
            {own
              .filter((f) => f.tab === tab)
              .map((field) => (
                <div key={field.key} className="fact">
                  <dt>{fieldLabel(field, i18n.locale)}</dt>
                  <dd>{valueText(i18n, field, detail.profile.values[field.key])}</dd>
                </div>
              ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

/** Senior agents: who read the profile or its cards, newest first (PRODUCT.md §8). */
export function AccessLog({ entries }: { entries: NonNullable<AgentProfileDetail['accessLog']> }) {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="candidate-access-title" className="candidate-section">
      <h2 id="candidate-access-title">
        <Trans>Access log</Trans>
      </h2>
      {entries.length === 0 ? (
        <p>
          <Trans>Nobody has read this profile yet.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t`Who read this profile`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Agent</Trans>
                </th>
                <th scope="col">
                  <Trans>What</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                // The log has no ids; entries never reorder while shown.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index}>
                  <td>{formatMoment(i18n, entry.at)}</td>
                  <td>{entry.agent}</td>
                  <td>{i18n._(ACCESS_KINDS[entry.what])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
