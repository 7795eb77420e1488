import { agentLogic } from '../machines/agents/agent-actors';
import type { AppLogic } from '../machines/shell/app-logic';
import { AgentShell } from '../ui/shell/agent-shell';

/**
 * The agent's part of the signed-in layout (issue 20, point 7): their own record, which names them in
 * the header, and the shell's search field, kept across pages. Only an agent's visit loads it (the
 * build preloads it for agents only, scripts/vite-route-preloads.ts), so a candidate's or a company's
 * page does not fetch and evaluate the agents' actors and shell.
 */
export function agentWorkspace(logic: AppLogic) {
  const agents = agentLogic(logic);
  return { agent: agents.ownRecord(), search: agents.search(), Shell: AgentShell };
}
