import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  Button as AriaButton,
  type DropItem,
  GridList,
  GridListItem,
  type Key,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Selection,
  useDragAndDrop,
} from 'react-aria-components';
import { localDay } from '../../../contract/local-day';
import {
  FOLLOW_UP_RANGE,
  PIPELINE_STAGES,
  type PipelineEntry,
  type PipelineStage,
} from '../../../contract/pipeline';
import { entriesIn, type PipelineBoardActor } from '../../machines/pipeline/pipeline-board.machine';
import { offeredCorrections, offeredMoves } from '../../machines/pipeline/pipeline-entry.machine';
import { Button } from '../components/button';
import { LazyDatePicker, preloadDatePicker } from '../components/date-picker-lazy';
import { Staged } from '../components/deferred';
import { errorMessage } from '../components/error-message';
import { formatDay } from '../components/format';
import { stageLabel } from '../components/pipeline-stages';
import { ProtectedImage } from '../components/protected-image';
import { showToast } from '../components/toast';
import { ClientAnswerNote } from './client-answer-note';
import { CorrectDialog, type PendingChange, RemoveDialog } from './pipeline-corrections';
import { BulkBar, type PendingMove, ReasonDialog } from './pipeline-moves';

const DRAG_TYPE = 'application/x-matchwerk-pipeline-entry';

/**
 * A job's pipeline board (PRODUCT.md §10): a column per stage with its count, cards with photo, name,
 * score and follow-up day. A card moves by keyboard (its "Move" menu offers the stages the entry
 * machine allows) or by dragging it onto a column; several selected cards move together. A refused
 * move puts the cards back and says why. A move that went through says so in a toast that can undo it
 * (issue 42); the card's menu also corrects its stage (with a reason) or removes it.
 */
export function PipelineBoard({ board }: { board: PipelineBoardActor }) {
  const { t, i18n } = useLingui();
  const state = useSelector(board, (s) => s);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [change, setChange] = useState<PendingChange | null>(null);
  useEffect(() => {
    const moved = board.on('board.moved', (e) => {
      showToast(t`${e.count} moved to ${stageLabel(i18n, e.to)}`, 'success', {
        label: t`Undo`,
        run: () => board.send({ type: 'board.undo' }),
      });
    });
    return () => moved.unsubscribe();
  }, [board, t, i18n]);
  const { entries, selected, error, moved } = state.context;
  const busy = state.hasTag('busy');

  const requestMove = (ids: string[], to: PipelineStage) => {
    if (to === 'rejected' || to === 'withdrawn') setPending({ entries: ids, to });
    else board.send({ type: 'board.move', entries: ids, to });
  };
  const selectedEntries = entries.filter((e) => selected.includes(e.uuid));
  const bulkTargets = PIPELINE_STAGES.filter(
    (to) => selectedEntries.length > 0 && selectedEntries.every((e) => offeredMoves(e).includes(to)),
  );

  return (
    <section className="pipeline" aria-labelledby="pipeline-title" aria-busy={busy}>
      <h2 id="pipeline-title">
        <Trans>Pipeline</Trans>
      </h2>
      {state.matches('failed') && (
        <div role="alert" className="form-error">
          {errorMessage(i18n, error)}{' '}
          <Button variant="secondary" onPress={() => board.send({ type: 'board.reload' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {!state.matches('failed') && error && (
        <p role="alert" className="form-error">
          {errorMessage(i18n, error)}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {moved ? t`${moved.count} moved to ${stageLabel(i18n, moved.to)}` : ''}
      </p>
      {entries.length === 0 && state.matches('ready') && (
        <p className="muted">
          <Trans>No candidate in the pipeline yet. Add candidates from the results.</Trans>
        </p>
      )}
      {selectedEntries.length > 0 && (
        <BulkBar
          count={selectedEntries.length}
          targets={bulkTargets}
          onMove={(to) => requestMove(selected, to)}
          onClear={() => board.send({ type: 'board.clearSelection' })}
          disabled={busy}
        />
      )}
      {entries.length > 0 && (
        <div className="pipeline-columns">
          {PIPELINE_STAGES.map((stage) => (
            <StageColumn
              key={stage}
              stage={stage}
              entries={entriesIn(state, stage)}
              selected={selected}
              busy={busy}
              onSelect={(entry, on) => board.send({ type: 'board.select', entry, selected: on })}
              onMove={requestMove}
              onFollowUp={(entry, date) => board.send({ type: 'board.followUp', entry, date })}
              onChange={setChange}
              entryOf={(id) => entries.find((e) => e.uuid === id)}
            />
          ))}
        </div>
      )}
      <ReasonDialog
        pending={pending}
        onClose={() => setPending(null)}
        onConfirm={(why) => {
          if (pending) board.send({ type: 'board.move', entries: pending.entries, to: pending.to, ...why });
          setPending(null);
        }}
      />
      <CorrectDialog
        entry={change?.kind === 'correct' ? change.entry : null}
        onClose={() => setChange(null)}
        onConfirm={(to, reason) =>
          change && board.send({ type: 'board.correct', entry: change.entry.uuid, to, reason })
        }
      />
      <RemoveDialog
        entry={change?.kind === 'remove' ? change.entry : null}
        onClose={() => setChange(null)}
        onConfirm={(reason) =>
          change && board.send({ type: 'board.remove', entry: change.entry.uuid, reason })
        }
      />
    </section>
  );
}

function StageColumn({
  stage,
  entries,
  selected,
  busy,
  onSelect,
  onMove,
  onFollowUp,
  onChange,
  entryOf,
}: {
  stage: PipelineStage;
  entries: PipelineEntry[];
  selected: string[];
  busy: boolean;
  onSelect: (entry: string, selected: boolean) => void;
  onMove: (entries: string[], to: PipelineStage) => void;
  onFollowUp: (entry: string, date: string | null) => void;
  onChange: (change: PendingChange) => void;
  entryOf: (id: string) => PipelineEntry | undefined;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const label = stageLabel(i18n, stage);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ [DRAG_TYPE]: String(key), 'text/plain': String(key) })),
    acceptedDragTypes: [DRAG_TYPE],
    getDropOperation: () => 'move',
    onRootDrop: async (e) => drop(e.items),
    onItemDrop: async (e) => drop(e.items),
  });
  async function drop(items: DropItem[]) {
    const ids: string[] = [];
    for (const item of items) {
      if (item.kind === 'text' && item.types.has(DRAG_TYPE)) ids.push(await item.getText(DRAG_TYPE));
    }
    // Cards dropped on their own column stay; a move the stages refuse the board refuses with a message.
    const moving = ids.filter((id) => {
      const entry = entryOf(id);
      return entry !== undefined && entry.stage !== stage;
    });
    if (moving.length > 0) onMove(moving, stage);
  }
  const keys = new Set(entries.filter((e) => selected.includes(e.uuid)).map((e) => e.uuid));
  const changeSelection = (next: Selection) => {
    const now = next === 'all' ? new Set(entries.map((e) => e.uuid)) : new Set([...next].map(String));
    for (const entry of entries) {
      if (now.has(entry.uuid) !== keys.has(entry.uuid)) onSelect(entry.uuid, now.has(entry.uuid));
    }
  };
  return (
    <section className="pipeline-column" aria-labelledby={titleId} data-stage={stage}>
      <h3 id={titleId} className="pipeline-column-title">
        {label} <span className="pipeline-count">{entries.length}</span>
      </h3>
      {/* One column's collection per task: the seven mounted together were one long task. */}
      <Staged fallback={<div className="pipeline-cards" />}>
        <GridList
          aria-label={t`${label}: ${entries.length} candidates`}
          items={entries.map((entry) => ({ id: entry.uuid, entry }))}
          selectionMode="multiple"
          selectionBehavior="toggle"
          selectedKeys={keys}
          onSelectionChange={changeSelection}
          dragAndDropHooks={dragAndDropHooks}
          className="pipeline-cards"
          renderEmptyState={() => <span className="muted">–</span>}
        >
          {({ entry }) => (
            <PipelineCard
              entry={entry}
              busy={busy}
              onMove={(to) => onMove([entry.uuid], to)}
              onFollowUp={(date) => onFollowUp(entry.uuid, date)}
              onChange={(kind) => onChange({ kind, entry })}
            />
          )}
        </GridList>
      </Staged>
    </section>
  );
}

function PipelineCard({
  entry,
  busy,
  onMove,
  onFollowUp,
  onChange,
}: {
  entry: PipelineEntry;
  busy: boolean;
  onMove: (to: PipelineStage) => void;
  onFollowUp: (date: string | null) => void;
  onChange: (kind: PendingChange['kind']) => void;
}) {
  const { t, i18n } = useLingui();
  const name = entry.profile.name || t`Unnamed candidate`;
  const moves = offeredMoves(entry);
  const score =
    entry.score === null
      ? null
      : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 0 }).format(entry.score);
  return (
    <GridListItem id={entry.uuid} textValue={name} className="pipeline-card">
      <AriaButton slot="drag" className="pipeline-drag" aria-label={t`Drag ${name}`}>
        ⠿
      </AriaButton>
      <span className="pipeline-photo">
        {entry.profile.photo ? (
          <ProtectedImage src={entry.profile.photo} alt="" size={36} className="avatar" />
        ) : (
          <span aria-hidden="true" className="avatar avatar-initials">
            {name.slice(0, 1)}
          </span>
        )}
      </span>
      <span className="pipeline-card-body">
        <strong>{name}</strong>
        <span className="muted">
          {score !== null ? t`Score ${score}` : t`no score`}
          {entry.followUp && (
            <>
              {' · '}
              {/* Overdue as the dashboard's follow-ups say it, not a plain date among the others. */}
              {entry.followUp < localDay() ? (
                <span className="follow-up-overdue">{t`Follow-up overdue since ${formatDay(i18n, entry.followUp)}`}</span>
              ) : (
                t`Follow-up ${formatDay(i18n, entry.followUp)}`
              )}
            </>
          )}
        </span>
        {entry.reason && <span className="muted">{entry.reason}</span>}
        <ClientAnswerNote entry={entry} />
      </span>
      <span className="pipeline-card-actions">
        <MenuTrigger>
          <AriaButton className="btn btn-secondary" isDisabled={busy} aria-label={t`Move ${name}`}>
            <Trans>Move</Trans> <span aria-hidden="true">▾</span>
          </AriaButton>
          <Popover className="rac-popover">
            <Menu
              className="rac-listbox"
              onAction={(key: Key) =>
                key === 'correct' || key === 'remove' ? onChange(key) : onMove(key as PipelineStage)
              }
            >
              {moves.map((to) => (
                <MenuItem key={to} id={to} className="rac-option">
                  {entry.stage === 'placed' || entry.stage === 'rejected' || entry.stage === 'withdrawn'
                    ? t`Reopen: ${stageLabel(i18n, to)}`
                    : stageLabel(i18n, to)}
                </MenuItem>
              ))}
              {offeredCorrections(entry).length > 0 && (
                <MenuItem id="correct" className="rac-option">
                  {t`Correct stage…`}
                </MenuItem>
              )}
              <MenuItem id="remove" className="rac-option">
                {t`Remove from pipeline…`}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
        <FollowUpField name={name} value={entry.followUp} busy={busy} onChange={onFollowUp} />
      </span>
    </GridListItem>
  );
}

/**
 * A card's follow-up day: a button until the agent asks for the field, which then takes the focus and
 * goes again when it is left (the day stays in the card's text). A date field on every card showed an
 * unlabelled "tt.mm.jjjj" on each and cost the results page about 300 ms of a phone's rendering
 * (issue 22). Enter in the field (which takes the day) and Escape put the button back, with the focus.
 */
function FollowUpField({
  name,
  value,
  busy,
  onChange,
}: {
  name: string;
  value: string | null;
  busy: boolean;
  onChange: (date: string | null) => void;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const backToButton = useRef(false);
  if (!editing) {
    return (
      <AriaButton
        className="btn btn-secondary pipeline-follow-up-button"
        aria-label={t`Follow-up for ${name}`}
        // The field's code is loaded when first needed: from the moment the button is reached.
        onHoverStart={preloadDatePicker}
        onFocus={preloadDatePicker}
        onPress={() => setEditing(true)}
        ref={(button) => {
          if (button && backToButton.current) {
            backToButton.current = false;
            button.focus();
          }
        }}
      >
        <Trans>Follow-up</Trans>
      </AriaButton>
    );
  }
  return (
    <span
      className="pipeline-follow-up-edit"
      onKeyDownCapture={(e) => {
        // Not the calendar's keys (a portal, outside this span in the page): its Escape closes only it.
        const target = e.target as HTMLElement;
        if (!e.currentTarget.contains(target)) return;
        // Enter in a segment takes the day (the date picker's own handler); then the button is back.
        const enter = e.key === 'Enter' && target.getAttribute('role') === 'spinbutton';
        if (e.key !== 'Escape' && !enter) return;
        // The button gets the focus within this key press: without this, the same Enter pressed it.
        e.preventDefault();
        backToButton.current = true;
        setEditing(false);
      }}
    >
      <LazyDatePicker
        className="pipeline-follow-up"
        label={t`Follow-up for ${name}`}
        labelHidden
        value={value}
        minValue={FOLLOW_UP_RANGE.min}
        maxValue={FOLLOW_UP_RANGE.max}
        isDisabled={busy}
        onChange={onChange}
        autoFocus
        onBlur={() => setEditing(false)}
      />
    </span>
  );
}
