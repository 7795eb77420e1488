import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { CityValue } from '../../../../contract/catalog';
import { cityName } from '../../../../contract/city-names';
import { errorMessage } from '../error-message';
import type { WidgetProps } from './field-props';

/**
 * A city of the bundled list, searched as the user types (prefix, accents ignored, the agency's home
 * countries' places first, larger first). The search runs in the city-search machine; the chosen
 * city's id is what the server keeps.
 */
export function CityInput({ id, value, onChange, common, citySearch, language }: WidgetProps) {
  const { t, i18n } = useLingui();
  const city = value && typeof value === 'object' ? (value as CityValue) : null;
  // The chosen city in the UI's language ("München", not the list's "Munich"), as its hits are named.
  const chosen = city ? cityName(city.name, language) : '';
  const search = useActorRef(citySearch, { input: { query: chosen } });
  const query = useSelector(search, (s) => s.context.query);
  const hits = useSelector(search, (s) => (s.matches('results') ? s.context.hits : []));
  const busy = useSelector(search, (s) => s.hasTag('busy'));
  const nothingFound = useSelector(search, (s) => s.matches('results') && s.context.hits.length === 0);
  const error = useSelector(search, (s) => (s.hasTag('error') ? s.context.error : null));
  const listId = useId();
  return (
    <div className="city-input" aria-busy={busy}>
      <input
        {...common}
        id={id}
        type="text"
        autoComplete="off"
        aria-controls={listId}
        value={query}
        onChange={(e) => {
          const text = e.target.value;
          search.send({ type: 'search.type', query: text });
          // Typed but not picked: the form holds the text, which the contract refuses as "choose a
          // place from the list" (issue 22), never the city picked before nor an empty field.
          if (!city || text !== chosen) onChange(text.trim() === '' ? null : text);
        }}
      />
      {city && (
        <p className="muted">
          {cityName(city.name, language)} ({city.country})
        </p>
      )}
      {busy && (
        <p className="muted" role="status">
          <Trans>Searching…</Trans>
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {errorMessage(i18n, error)}{' '}
          <button type="button" onClick={() => search.send({ type: 'search.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {nothingFound && (
        <p className="muted" role="status">
          <Trans>No place found</Trans>
        </p>
      )}
      <ul id={listId} className="city-hits" aria-label={t`Matching cities`}>
        {hits.map((hit) => (
          <li key={hit.id}>
            <button
              type="button"
              onClick={() => {
                const picked: CityValue = {
                  id: hit.id,
                  name: hit.name,
                  country: hit.country,
                  lat: hit.lat,
                  lng: hit.lng,
                };
                onChange(picked);
                // The field then shows the name as the list did, in the UI's language.
                search.send({ type: 'search.choose', hit: { ...hit, name: cityName(hit.name, language) } });
              }}
            >
              {cityName(hit.name, language)} ({hit.country})
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
