import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { PipelineJobs } from '../../../contract/pipeline';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { stageLabel } from '../components/pipeline-stages';
import { ResourceStatus } from '../components/resource-status';

/** The jobs a candidate is in, with their stage (the candidate's page, PRODUCT.md §10). */
export function CandidateJobs({ list }: { list: Resource<PipelineJobs> }) {
  const { t, i18n } = useLingui();
  const state = useSelector(list, (s) => s);
  const data = resourceData(state);
  return (
    <section aria-labelledby="candidate-pipeline-title" className="candidate-section">
      <h2 id="candidate-pipeline-title">
        <Trans>In the pipeline of</Trans>
      </h2>
      <ResourceStatus
        resource={list}
        state={state}
        loaded={Boolean(data)}
        loading={t`Loading the pipelines…`}
        lines={2}
      />
      {data && data.items.length === 0 && (
        <p className="muted">
          <Trans>Not in any job's pipeline.</Trans>
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="candidate-pipelines">
          {data.items.map(({ job, entry }) => (
            <li key={entry.uuid}>
              <Link
                to="/matchingJobResult/$jobUuid"
                params={{ jobUuid: job.uuid }}
                search={{ view: 'pipeline', entry: entry.uuid }}
              >
                {job.title || t`Untitled job`}
              </Link>
              : <strong>{stageLabel(i18n, entry.stage)}</strong>
              {job.status === 'archived' && (
                <span className="badge">
                  <Trans>archived</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
