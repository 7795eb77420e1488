import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type Ref, useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import {
  ComboBox as AriaComboBox,
  Collection,
  ComboBoxStateContext,
  Header,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import type { GlobalSearchResponse, SearchMatchField } from '../../../contract/search';
import type { GlobalSearchActor } from '../../machines/agents/global-search.machine';

// The agent shell's search field as react-aria's combobox, loaded once the field at rest
// (./global-search.tsx) is first focused or typed into.

/** One hit as the list shows it: where it leads, its name and a line of detail. */
interface Hit {
  id: string;
  to: string;
  params: Record<string, string>;
  name: string;
  detail: string;
  /** Which field the query matched, when it is not the name the hit shows ("Treffer in: E-Mail"). */
  matched: string | null;
}

interface Group {
  id: string;
  title: MessageDescriptor;
  items: Hit[];
}

const TYPE_GROUPS = [
  { type: 'stella', title: msg`Stellas`, to: '/stellas/view/$uuid' },
  { type: 'luna', title: msg`Lunas`, to: '/lunas/view/$uuid' },
  { type: 'nova', title: msg`Novas`, to: '/novas/view/$uuid' },
] as const;

const detailOf = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ');

/** What the server names as matched (issue 42), as the line says it. */
const MATCHED_FIELD: Record<SearchMatchField, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`E-mail`,
  phone: msg`Phone`,
  city: msg`City`,
  skills: msg`Skills or occupation`,
  website: msg`Website`,
  title: msg`Title`,
  company: msg`Company`,
};

/** "Match in: E-mail" for a hit found by another field than the name it shows; null for the name. */
type MatchedLine = (field: SearchMatchField) => string | null;

/** The answer as sections: candidates per type, companies, jobs; empty groups left out. */
function groupsOf(hits: GlobalSearchResponse | null, archived: string, matchedLine: MatchedLine): Group[] {
  if (!hits) return [];
  const groups: Group[] = TYPE_GROUPS.map(({ type, title, to }) => ({
    id: type,
    title,
    items: hits.candidates
      .filter((c) => c.type === type)
      .map((c) => ({
        id: `${type}:${c.uuid}`,
        to,
        params: { uuid: c.uuid },
        name: c.name,
        detail: detailOf(c.email, c.city),
        matched: matchedLine(c.matched),
      })),
  }));
  groups.push({
    id: 'company',
    title: msg`Companies`,
    items: hits.companies.map((c) => ({
      id: `company:${c.uuid}`,
      to: '/companies/view/$uuid',
      params: { uuid: c.uuid },
      name: c.name,
      detail: detailOf(c.email, c.city),
      matched: matchedLine(c.matched),
    })),
  });
  groups.push({
    id: 'job',
    title: msg`Matching jobs`,
    items: hits.jobs.map((j) => ({
      id: `job:${j.uuid}`,
      to: '/matchingJobResult/$jobUuid',
      params: { jobUuid: j.uuid },
      name: j.title,
      detail: detailOf(j.company, j.status === 'archived' ? archived : null),
      matched: matchedLine(j.matched),
    })),
  });
  return groups.filter((g) => g.items.length > 0);
}

export interface GlobalSearchFieldProps {
  actor: GlobalSearchActor;
  inputRef?: Ref<HTMLInputElement>;
  /** Mounted in place of the focused field at rest: takes the focus, the caret after the text. */
  takeFocus: boolean;
}

export function GlobalSearchField({ actor, inputRef, takeFocus }: GlobalSearchFieldProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const query = useSelector(actor, (s) => s.context.query);
  const hits = useSelector(actor, (s) => s.context.hits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const field = useRef<HTMLInputElement | null>(null);
  // Mounted in place of the focused field at rest: the focus moves here, the caret after what was typed.
  useLayoutEffect(() => {
    const element = field.current;
    if (!takeFocus || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [takeFocus]);
  // The shell's shortcuts reach this input, as they reached the one at rest.
  const input = useCallback(
    (element: HTMLInputElement | null) => {
      field.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  const matchedLine: MatchedLine = (matched) => {
    if (matched === 'name' || matched === 'title') return null;
    const field = i18n._(MATCHED_FIELD[matched]);
    return t`Match in: ${field}`;
  };
  const groups = groupsOf(hits, t`archived`, matchedLine);
  const byId = new Map(groups.flatMap((g) => g.items.map((item) => [item.id, item])));
  // Choosing a hit puts its name into the field; that is no new search.
  const chosen = useRef<string | null>(null);

  const open = (key: Key | null) => {
    const hit = key === null ? undefined : byId.get(String(key));
    if (!hit) return;
    chosen.current = hit.name;
    actor.send({ type: 'search.clear' });
    void navigate({ to: hit.to, params: hit.params });
  };

  return (
    <div className="global-search">
      <AriaComboBox
        aria-describedby="global-search-status"
        className="rac-field global-search-field"
        inputValue={query}
        onInputChange={(value) => {
          if (chosen.current !== null && value === chosen.current) return;
          chosen.current = null;
          actor.send({ type: 'search.type', query: value });
        }}
        selectedKey={null}
        onSelectionChange={open}
        items={groups}
        menuTrigger="input"
        allowsEmptyCollection={!idle}
        allowsCustomValue
      >
        <Label className="visually-hidden">
          <Trans>Search candidates, companies and jobs</Trans>
        </Label>
        {takeFocus && <OpenWithTypedText />}
        <Input
          ref={input}
          className="rac-input"
          placeholder={t`Search… (/ or Ctrl+K)`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query === '') event.currentTarget.blur();
          }}
        />
        <Popover className="rac-popover global-search-popover" placement="bottom start">
          <ListBox
            className="rac-listbox global-search-list"
            renderEmptyState={() => (
              <p className="global-search-empty">
                {busy ? <Trans>Searching…</Trans> : <Trans>Nothing found.</Trans>}
              </p>
            )}
          >
            {(group: Group) => (
              <ListBoxSection id={group.id} className="global-search-group">
                <Header className="global-search-heading">{i18n._(group.title)}</Header>
                <Collection items={group.items}>
                  {(item: Hit) => (
                    <ListBoxItem id={item.id} textValue={item.name} className="rac-option global-search-hit">
                      {/* Plain text, not label and description slots: the option's name is all it shows. */}
                      <span>{item.name}</span>
                      {item.detail && <span className="global-search-detail">{item.detail}</span>}
                      {item.matched && <span className="global-search-detail">{item.matched}</span>}
                    </ListBoxItem>
                  )}
                </Collection>
              </ListBoxSection>
            )}
          </ListBox>
        </Popover>
      </AriaComboBox>
      {failed && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => actor.send({ type: 'search.retry' })}
        >
          <Trans>Search again</Trans>
        </button>
      )}
      <p id="global-search-status" className="visually-hidden" aria-live="polite">
        {failed ? (
          <Trans>The search failed.</Trans>
        ) : busy ? (
          <Trans>Searching…</Trans>
        ) : hits && !idle ? (
          <Trans>{byId.size} results</Trans>
        ) : null}
      </p>
    </div>
  );
}

/** What was typed into the field at rest before this one loaded opens the list, as typing here would. */
function OpenWithTypedText() {
  const state = useContext(ComboBoxStateContext);
  // Once, as the field takes over: later changes of the state are the combobox's own.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !state) return;
    opened.current = true;
    if (state.inputValue !== '') state.open(null, 'input');
  }, [state]);
  return null;
}
