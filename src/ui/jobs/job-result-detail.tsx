import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { cityName } from '../../../contract/city-names';
import type { ResultDetail } from '../../../contract/job';
import type { Language } from '../../../contract/user-types';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import type { SendToClientLogic } from '../../machines/submissions/send-to-client.machine';
import { candidatePage, candidateTypeLabel } from '../components/candidate-pages';
import { ProtectedImage } from '../components/protected-image';
import { ResourceStatus } from '../components/resource-status';
import { ScoreBar } from '../components/score-bar';
import { Screen } from '../components/screen';
import { SendToClient } from '../components/submissions/send-to-client-dialog';
import { reasonText } from './reasons';

const workspaceRoute = getRouteApi('/_protected');
const detailRoute = getRouteApi('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid');

/**
 * The result's own "An Kunden senden": the dialog of the results page, opened for this one candidate
 * (a sending actor per candidate: the previous and next links start afresh).
 */
function SendThisCandidate({
  sending,
  job,
  result,
}: {
  sending: SendToClientLogic;
  job: string;
  result: ResultDetail;
}) {
  const { uuid, name, presentedByName } = result.profile;
  const actor = useActorRef(sending, {
    input: { job, selected: [{ uuid, name, consented: presentedByName }] },
  });
  return <SendToClient sending={actor} client={result.client} />;
}

/**
 * matchingJobResultDetail/{job}/{profile}: why a candidate ranks where they do, criterion by criterion,
 * with the results page's two acts on the candidate: into the job's pipeline (`addToPipeline`, the
 * route's, as on the results page) and to the client.
 */
export function JobResultDetailScreen({
  detail,
  sending,
  addToPipeline,
}: {
  detail: Resource<ResultDetail>;
  sending: SendToClientLogic;
  addToPipeline?: (profile: { uuid: string; name: string }) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { fields } = workspaceRoute.useLoaderData();
  const { jobUuid } = detailRoute.useParams();
  const search = detailRoute.useSearch();
  const state = useSelector(detail, (s) => s);
  const result = resourceData(state);
  const title = result ? result.profile.name : t`Candidate`;
  const page = result ? candidatePage(result.profile.type) : null;

  return (
    <Screen title={title}>
      <p>
        <Link
          to="/matchingJobResult/$jobUuid"
          params={{ jobUuid }}
          search={{ sort: search.sort, order: search.order }}
        >
          <Trans>Back to the results</Trans>
        </Link>
      </p>
      <ResourceStatus resource={detail} state={state} loaded={Boolean(result)} loading={t`Loading…`} />
      {result && (
        <div aria-busy={state.hasTag('busy')}>
          <div className="detail-head">
            <ProtectedImage src={result.profile.photo} alt="" size={96} className="avatar" />
            <div>
              <p>
                <Trans>
                  Rank {result.rank}, score <ScoreBar score={result.score} />
                </Trans>
              </p>
              <p className="muted">
                {candidateTypeLabel(fields.job, result.profile.type, i18n.locale)} ·{' '}
                {result.profile.city ? cityName(result.profile.city, i18n.locale as Language) : '–'}
              </p>
              {result.changedSinceRun && (
                <p className="badge">
                  <Trans>The profile changed since the run: the next run may rank it differently.</Trans>
                </p>
              )}
              {page && (
                <Link to={page} params={{ uuid: result.profile.uuid }}>
                  <Trans>Open the candidate's profile</Trans>
                </Link>
              )}
              <div className="result-detail-actions">
                {addToPipeline?.(result.profile)}
                <SendThisCandidate
                  key={result.profile.uuid}
                  sending={sending}
                  job={jobUuid}
                  result={result}
                />
              </div>
            </div>
          </div>
          <table className="breakdown stack-table">
            <caption>
              <Trans>Every criterion, with its weight and what it contributed</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Criterion</Trans>
                </th>
                <th scope="col">
                  <Trans>Weight</Trans>
                </th>
                <th scope="col">
                  <Trans>Contribution</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.breakdown.map((item) => (
                <tr key={item.key}>
                  <th scope="row">
                    {reasonText(i18n, item, fields.job)}
                    {item.must && ' '}
                    {item.must && (
                      <span className="badge">
                        <Trans>must-have</Trans>
                      </span>
                    )}
                  </th>
                  <td data-label={t`Weight`}>{item.weight}</td>
                  <td data-label={t`Contribution`}>
                    <ScoreBar score={item.contribution} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pagination" aria-label={t`Other candidates`}>
            {result.previous ? (
              <Link
                className="button"
                to="/matchingJobResultDetail/$jobUuid/$uuid"
                params={{ jobUuid, uuid: result.previous }}
                search={search}
              >
                <Trans>Previous candidate</Trans>
              </Link>
            ) : (
              <span />
            )}
            {result.next && (
              <Link
                className="button"
                to="/matchingJobResultDetail/$jobUuid/$uuid"
                params={{ jobUuid, uuid: result.next }}
                search={search}
              >
                <Trans>Next candidate</Trans>
              </Link>
            )}
          </nav>
        </div>
      )}
    </Screen>
  );
}
