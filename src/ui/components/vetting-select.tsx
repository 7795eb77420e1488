import { useLingui } from '@lingui/react/macro';
import type { VET_FILTERS } from '../../../contract/list-filters';
import { Select } from './select';

type Vet = (typeof VET_FILTERS)[number];

/** The tables' "to vet" filter (candidates and companies): all, or the new ones no agent looked after yet. */
export function VettingSelect({
  value,
  onChange,
}: {
  value: Vet | undefined;
  onChange: (vet: Vet | undefined) => void;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Vetting`}
      description={t`New: registered in the last 14 days, no agent assigned and no agent's entry on the timeline yet.`}
      selectedKey={value ?? 'all'}
      onSelectionChange={(key) => onChange(key === 'all' ? undefined : (key as Vet))}
      options={[
        { id: 'all', label: t`All` },
        { id: 'new', label: t`New, to vet` },
      ]}
    />
  );
}
