import { agentLogic } from '../../machines/agents/agent-actors';
import { pipelineLogic } from '../../machines/pipeline/pipeline-actors';
import type { AppLogic } from '../../machines/shell/app-logic';
import { AgentDashboard } from '../../ui/agents/agent-dashboard';
import { AttentionBand } from '../../ui/pipeline/attention-band';
import { FollowUps } from '../../ui/pipeline/follow-ups';
import type { DashboardPanels } from './-dashboard-panels';

/**
 * An agent's dashboard (PRODUCT.md §10 "The agent's day"): what needs attention first, the
 * follow-ups due, then the agency's figures, loaded afresh on every visit.
 */
export function agentDashboard(logic: AppLogic): DashboardPanels {
  const attention = pipelineLogic(logic).attention();
  const followUps = pipelineLogic(logic).followUps();
  const agent = agentLogic(logic).dashboard();
  return {
    panels: () => (
      <>
        <AttentionBand counts={attention} />
        <FollowUps list={followUps} limit={5} />
        <AgentDashboard list={agent} />
      </>
    ),
  };
}
