import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AgentListResponse } from '../../../contract/agent';
import { type ListActor, listPage } from '../../machines/list.machine';
import { RetryAlert } from '../components/retry-alert';
import { Screen } from '../screen';

/** agent/view: every agent with the candidates and companies they look after and their active jobs. */
export function AgentListScreen({ list }: { list: ListActor }) {
  const { t } = useLingui();
  const state = useSelector(list, (s) => s);
  const page = listPage<AgentListResponse>(state);
  return (
    <Screen title={t`Agents`}>
      {state.matches('failed') && (
        <RetryAlert code={state.context.error} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {!page && state.hasTag('busy') && (
        <p aria-busy="true">
          <Trans>Loading the agents…</Trans>
        </p>
      )}
      {page && (
        <div className="table-wrap" aria-busy={state.hasTag('busy')}>
          <table>
            <caption className="visually-hidden">{t`Agents`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Agent</Trans>
                </th>
                <th scope="col">
                  <Trans>Candidates</Trans>
                </th>
                <th scope="col">
                  <Trans>Companies</Trans>
                </th>
                <th scope="col">
                  <Trans>Active jobs</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((agent) => (
                <tr key={agent.uuid}>
                  <th scope="row">
                    {agent.name || agent.email}
                    {agent.senior && <span className="badge">{t`Senior agent`}</span>}
                    <div className="muted">{agent.email}</div>
                  </th>
                  <td>{agent.assignedCandidates}</td>
                  <td>{agent.assignedCompanies}</td>
                  <td>{agent.activeJobs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Screen>
  );
}
