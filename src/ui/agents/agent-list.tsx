import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AgentListResponse } from '../../../contract/agent';
import { type Resource, resourceData } from '../../machines/shared/resource.machine';
import { ResourceStatus } from '../components/resource-status';
import { Screen } from '../components/screen';

/**
 * agent/view: every agent with the candidates and companies they look after and their active jobs.
 * A card per agent, not a table: three counts beside a name read badly in narrow columns at 360 px.
 * A senior agent sees the team panel instead (`team`: the same agents with their late work and the
 * changes to the team).
 */
export function AgentListScreen({ list, team }: { list: Resource<AgentListResponse>; team?: ReactNode }) {
  const { t } = useLingui();
  const state = useSelector(list, (s) => s);
  const page = resourceData(state);
  return (
    <Screen title={t`Agents`}>
      {team}
      {!team && (
        <ResourceStatus
          resource={list}
          state={state}
          loaded={Boolean(page)}
          loading={t`Loading the agents…`}
        />
      )}
      {!team && page && (
        <ul className="agent-cards" aria-busy={state.hasTag('busy')}>
          {page.items.map((agent) => (
            <li key={agent.uuid} aria-labelledby={`agent-${agent.uuid}`}>
              <h2 id={`agent-${agent.uuid}`}>{agent.name || agent.email}</h2>
              <p className="cell-note">
                {agent.email}
                {agent.senior && <span className="badge">{t`Senior agent`}</span>}
              </p>
              <ul className="counts">
                <AgentCount value={agent.assignedCandidates} label={<Trans>candidates assigned</Trans>} />
                <AgentCount value={agent.assignedCompanies} label={<Trans>companies assigned</Trans>} />
                <AgentCount value={agent.activeJobs} label={<Trans>active jobs</Trans>} />
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function AgentCount({ value, label }: { value: number; label: ReactNode }) {
  return (
    <li className="count-body">
      <span className="count-value">{value}</span> <span>{label}</span>
    </li>
  );
}
