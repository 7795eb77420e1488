import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cityName } from '../../../contract/city-names';
import type { ResultItem } from '../../../contract/job';
import type { ResultsSearch } from '../../../contract/job-search';
import type { Language } from '../../../contract/user-types';
import { formatKm } from '../components/format';
import { ScoreBar } from '../components/score-bar';

/** One ranked candidate of the results table: selection, rank, photo, name, place, score, reasons. */
export function ResultRow({
  item,
  jobUuid,
  search,
  action,
  tick,
  reasons,
  photo,
}: {
  item: ResultItem;
  jobUuid: string;
  search: ResultsSearch;
  action: ReactNode;
  /** The row's tick for sending to the client (results-send.tsx). */
  tick: ReactNode;
  reasons: string[];
  photo: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <tr>
      <td>{tick}</td>
      <td className="rank">{item.rank}</td>
      <td>{photo}</td>
      <th scope="row">
        <Link
          to="/matchingJobResultDetail/$jobUuid/$uuid"
          params={{ jobUuid, uuid: item.uuid }}
          search={{ sort: search.sort, order: search.order }}
        >
          {item.name}
        </Link>
        {item.changedSinceRun && (
          <span className="badge">
            <Trans>changed since the run</Trans>
          </span>
        )}
      </th>
      <td>
        {item.city ? cityName(item.city, i18n.locale as Language) : '–'}
        {item.distanceKm !== null && <span className="muted"> · {formatKm(i18n, item.distanceKm)}</span>}
      </td>
      <td>
        <ScoreBar score={item.score} />
      </td>
      <td>
        <ul className="reasons">
          {reasons.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </td>
      {action && <td>{action}</td>}
    </tr>
  );
}
