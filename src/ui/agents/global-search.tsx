import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ComponentType, type Ref, useId, useRef, useState } from 'react';
import type { GlobalSearchActor } from '../../machines/agents/global-search.machine';
import type { GlobalSearchFieldProps } from './global-search-field';

interface GlobalSearchProps {
  actor: GlobalSearchActor;
  inputRef?: Ref<HTMLInputElement>;
}

let fieldModule: Promise<ComponentType<GlobalSearchFieldProps>> | null = null;
/** The combobox's code, once (./global-search-field.tsx). */
function loadField(): Promise<ComponentType<GlobalSearchFieldProps>> {
  fieldModule ??= import('./global-search-field').then((module) => module.GlobalSearchField);
  return fieldModule;
}

/**
 * The agent shell's search field (issue 20, point 7): candidates, companies and jobs as the agent
 * types, grouped, chosen with the arrow keys and Enter (react-aria's combobox), opening the record.
 * `/` and Ctrl+K focus it (the shell listens); Escape closes the list.
 *
 * It is on every agent page, and react-aria's combobox costs a phone ~100 ms of its main thread to
 * load and mount (issue 22). So a plain input of the same look, role and label stands at rest: it
 * sends what is typed to the search machine like the real one, and its first focus loads the
 * combobox, which then takes its place (the focus and the text with it).
 */
export function GlobalSearch({ actor, inputRef }: GlobalSearchProps) {
  const [Field, setField] = useState<ComponentType<GlobalSearchFieldProps> | null>(null);
  const atRest = useRef<HTMLInputElement | null>(null);
  const [tookFocus, setTookFocus] = useState(false);
  if (Field) return <Field actor={actor} inputRef={inputRef} takeFocus={tookFocus} />;
  return (
    <FieldAtRest
      actor={actor}
      inputRef={(element) => {
        atRest.current = element;
        if (typeof inputRef === 'function') inputRef(element);
        else if (inputRef) inputRef.current = element;
      }}
      onFocus={() => {
        void loadField().then((loaded) => {
          // Still focused: the combobox takes the focus over.
          setTookFocus(document.activeElement === atRest.current);
          setField(() => loaded);
        });
      }}
    />
  );
}

/** The closed combobox as react-aria draws it (label, role, classes, placeholder), typing into the machine. */
function FieldAtRest({
  actor,
  inputRef,
  onFocus,
}: {
  actor: GlobalSearchActor;
  inputRef: Ref<HTMLInputElement>;
  onFocus: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const query = useSelector(actor, (s) => s.context.query);
  return (
    <div className="global-search">
      <div className="rac-field global-search-field">
        <label htmlFor={id} className="visually-hidden">
          <Trans>Search candidates, companies and jobs</Trans>
        </label>
        <input
          id={id}
          ref={inputRef}
          className="rac-input"
          type="text"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
          placeholder={t`Search… (/ or Ctrl+K)`}
          value={query}
          onChange={(event) => actor.send({ type: 'search.type', query: event.target.value })}
          onFocus={onFocus}
        />
      </div>
    </div>
  );
}
