import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Job } from '../../../contract/job';

/**
 * Whom a job is for (PRODUCT.md §10): the client company, linked to its page for agents; none for an
 * internal search, with the company a job named in free text before clients were chosen.
 */
export function JobClient({ job, link }: { job: Job; link: boolean }) {
  if (job.client) {
    return link ? (
      <Link to="/companies/view/$uuid" params={{ uuid: job.client.uuid }}>
        {job.client.name}
      </Link>
    ) : (
      job.client.name
    );
  }
  const former = job.clientText;
  return (
    <span className="muted">
      {former ? (
        <Trans>no client (formerly entered: {former})</Trans>
      ) : (
        <Trans>no client (internal search)</Trans>
      )}
    </span>
  );
}

/** Who works on a job, truthfully: nobody yet, or the agent by name (PRODUCT.md §10). */
export function WorkStatus({ job }: { job: Job }) {
  if (job.status === 'archived') return <Trans>archived</Trans>;
  const agent = job.assignedAgent;
  if (!agent) return <Trans>waiting for an agent</Trans>;
  const name = agent.name;
  return name ? <Trans>{name} is working on it</Trans> : <Trans>an agent is working on it</Trans>;
}
