import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { NearMissesResponse } from '../../../contract/job';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { candidatePage } from '../components/candidate-pages';
import { ScoreBar } from '../components/score-bar';
import { reasonText } from './reasons';

const workspaceRoute = getRouteApi('/_protected');

/** "Who fits if you relax X": the best candidates one must-have keeps out. */
export function NearMisses({ list }: { list: Resource<NearMissesResponse> }) {
  const { i18n } = useLingui();
  const { fields } = workspaceRoute.useLoaderData();
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  if (!page || page.items.length === 0) return null;
  return (
    <section aria-labelledby="near-misses-title">
      <h2 id="near-misses-title">
        <Trans>Near misses</Trans>
      </h2>
      <p className="muted">
        <Trans>
          These candidates miss exactly one must-have. Relaxing it would let them in with this score.
        </Trans>
      </p>
      <ul className="near-misses">
        {page.items.map((miss) => {
          const to = candidatePage(miss.type);
          return (
            <li key={miss.uuid}>
              <strong>
                {to ? (
                  <Link to={to} params={{ uuid: miss.uuid }}>
                    {miss.name}
                  </Link>
                ) : (
                  miss.name
                )}
              </strong>{' '}
              <ScoreBar score={miss.score} /> — {reasonText(i18n, miss.missed, fields.job)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
