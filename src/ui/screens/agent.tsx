import { useLingui } from '@lingui/react/macro';
import { Screen } from '../screen';

export function AgentProfileScreen() {
  const { t } = useLingui();
  return <Screen title={t`My agent profile`} />;
}

export function AgentListScreen() {
  const { t } = useLingui();
  return <Screen title={t`Agents`} />;
}
