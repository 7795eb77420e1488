import { useLingui } from '@lingui/react/macro';
import type { CandidateType } from '../../../contract/user-types';
import { Screen } from '../screen';

export function CandidateListScreen({ type }: { type: CandidateType }) {
  const { t } = useLingui();
  const titles: Record<CandidateType, string> = { stella: t`Stellas`, luna: t`Lunas`, nova: t`Novas` };
  return <Screen title={titles[type]} />;
}

export function CandidateDetailScreen({ type, uuid }: { type: CandidateType; uuid: string }) {
  const { t } = useLingui();
  const titles: Record<CandidateType, string> = {
    stella: t`Stella profile`,
    luna: t`Luna profile`,
    nova: t`Nova profile`,
  };
  return (
    <Screen title={titles[type]}>
      <p className="muted">{uuid}</p>
    </Screen>
  );
}
