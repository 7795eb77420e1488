import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ClientRef } from '../../../contract/client';
import type { ClientSearchLogic } from '../../machines/shared/client-search.machine';
import { ComboBox } from '../components/combobox';
import { errorMessage } from '../components/error-message';

/**
 * The job's client (PRODUCT.md §10): a company of the companies table, found as the agent types (the
 * client-search machine asks the server after a pause) and chosen from the list; an empty field is
 * no client, an internal search. Typing lets go of the chosen company until another is chosen.
 */
export function ClientField({
  value,
  onChange,
  errors,
  search: logic,
}: {
  value: ClientRef | null;
  onChange: (client: ClientRef | null) => void;
  errors: string[];
  search: ClientSearchLogic;
}) {
  const { t, i18n } = useLingui();
  const search = useActorRef(logic, { input: { chosen: value } });
  const query = useSelector(search, (s) => s.context.query);
  const hits = useSelector(search, (s) => s.context.hits);
  const busy = useSelector(search, (s) => s.hasTag('busy'));
  const failed = useSelector(search, (s) => (s.hasTag('error') ? s.context.error : null));
  const error = failed ?? errors[0] ?? null;
  return (
    <div className="client-field" aria-busy={busy}>
      <ComboBox
        label={t`Client`}
        description={t`Type the company's name and choose it; leave empty for an internal search.`}
        errorMessage={error ? errorMessage(i18n, error) : undefined}
        items={hits.map((hit) => ({ id: hit.uuid, label: hit.name }))}
        inputValue={query}
        selectedKey={value?.uuid ?? null}
        allowsEmptyCollection
        menuTrigger="input"
        onInputChange={(text) => {
          // Choosing fills the input with the company's name: that is no new typing.
          if (value && text === value.name) return;
          search.send({ type: 'search.type', query: text });
          if (value) onChange(null);
        }}
        onSelectionChange={(key) => {
          const hit = hits.find((h) => h.uuid === key);
          if (!hit) return;
          search.send({ type: 'search.choose', hit: { uuid: hit.uuid, name: hit.name } });
          onChange({ uuid: hit.uuid, name: hit.name });
        }}
      />
    </div>
  );
}
