import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type DropItem, GridList, type Selection, useDragAndDrop } from 'react-aria-components';
import { PIPELINE_STAGES, type PipelineEntry, type PipelineStage } from '../../../contract/pipeline';
import { entriesIn, type PipelineBoardActor } from '../../machines/pipeline/pipeline-board.machine';
import { offeredMoves } from '../../machines/pipeline/pipeline-entry.machine';
import { Button } from '../components/button';
import { Staged } from '../components/deferred';
import { errorMessage } from '../components/error-message';
import { stageLabel } from '../components/pipeline-stages';
import { showToast } from '../components/toast';
import { type FollowUpRequest, PipelineCard } from './pipeline-card';
import { CorrectDialog, type PendingChange, RemoveDialog } from './pipeline-corrections';
import { BulkBar, type PendingMove, ReasonDialog } from './pipeline-moves';

const DRAG_TYPE = 'application/x-matchwerk-pipeline-entry';
// "Postpone to …" (day, time, note): its date and time fields load when it first opens.
const FollowUpDialog = lazy(() => import('./follow-up-dialog'));

/**
 * A job's pipeline board (PRODUCT.md §10): a column per stage with its count, cards with photo, name,
 * score and follow-up day. A card moves by keyboard (its "Move" menu offers the stages the entry
 * machine allows) or by dragging it onto a column; several selected cards move together. A refused
 * move puts the cards back and says why. A move that went through says so in a toast that can undo it
 * (issue 42); the card's menu also corrects its stage (with a reason) or removes it. `focus` (a
 * follow-up's link, `?entry=`): that card is scrolled to and focused once, and offers "Done" and
 * "Postpone to …" (day, optional time, note) for its follow-up.
 */
export function PipelineBoard({ board, focus }: { board: PipelineBoardActor; focus?: string | undefined }) {
  const { t, i18n } = useLingui();
  const state = useSelector(board, (s) => s);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [change, setChange] = useState<PendingChange | null>(null);
  const [planning, setPlanning] = useState<PipelineEntry | null>(null);
  // The linked card takes the focus once per link, not again at every answer of the server.
  const focused = useRef<string | null>(null);
  const focusClaimed = useCallback((uuid: string) => focused.current === uuid, []);
  const claimFocus = useCallback((uuid: string) => {
    focused.current = uuid;
  }, []);
  const followUp = (entry: PipelineEntry, request: FollowUpRequest) => {
    if (request === 'done') board.send({ type: 'board.followUpDone', entry: entry.uuid });
    else if ('time' in request) board.send({ type: 'board.followUp', entry: entry.uuid, ...request });
    // The card's quick field changes the day; the time and note stay with it (and go when it is cleared).
    else
      board.send({
        type: 'board.followUp',
        entry: entry.uuid,
        date: request.date,
        time: entry.followUpTime ?? null,
        note: entry.followUpNote ?? null,
      });
  };
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
              focus={focus}
              focusClaimed={focusClaimed}
              claimFocus={claimFocus}
              onFollowUp={(id, request) => {
                const entry = entries.find((e) => e.uuid === id);
                if (entry) followUp(entry, request);
              }}
              onPlan={setPlanning}
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
      {planning && (
        <Suspense fallback={null}>
          <FollowUpDialog
            entry={planning}
            onClose={() => setPlanning(null)}
            onConfirm={(choice) => followUp(planning, choice)}
          />
        </Suspense>
      )}
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
  focus,
  focusClaimed,
  claimFocus,
  onSelect,
  onMove,
  onFollowUp,
  onPlan,
  onChange,
  entryOf,
}: {
  stage: PipelineStage;
  entries: PipelineEntry[];
  selected: string[];
  busy: boolean;
  focus: string | undefined;
  focusClaimed: (uuid: string) => boolean;
  claimFocus: (uuid: string) => void;
  onSelect: (entry: string, selected: boolean) => void;
  onMove: (entries: string[], to: PipelineStage) => void;
  onFollowUp: (entry: string, request: FollowUpRequest) => void;
  onPlan: (entry: PipelineEntry) => void;
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
              focused={entry.uuid === focus?.toLowerCase()}
              focusClaimed={focusClaimed}
              claimFocus={claimFocus}
              onMove={(to) => onMove([entry.uuid], to)}
              onFollowUp={(request) => onFollowUp(entry.uuid, request)}
              onPlan={() => onPlan(entry)}
              onChange={(kind) => onChange({ kind, entry })}
            />
          )}
        </GridList>
      </Staged>
    </section>
  );
}
