import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  GridListItem,
  type Key,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { localDay } from '../../../contract/local-day';
import {
  FOLLOW_UP_RANGE,
  followUpStatus,
  type PipelineEntry,
  type PipelineStage,
} from '../../../contract/pipeline';
import { offeredCorrections, offeredMoves } from '../../machines/pipeline/pipeline-entry.machine';
import { Button } from '../components/button';
import { LazyDatePicker, preloadDatePicker } from '../components/date-picker-lazy';
import { stageLabel } from '../components/pipeline-stages';
import { ProtectedImage } from '../components/protected-image';
import { ClientAnswerNote } from '../components/submissions/client-answer-note';
import type { FollowUpChoice } from './follow-up-dialog';
import { followUpWhen } from './follow-up-text';
import type { PendingChange } from './pipeline-corrections';

/** What a card's follow-up asks of the board: a day alone (the card's quick field), a full choice, or done. */
export type FollowUpRequest = { date: string | null } | FollowUpChoice | 'done';

/**
 * One card of a job's pipeline board (./pipeline-board.tsx): photo, name, score, the follow-up (day,
 * time, note), the client's answer; its "Move" menu, and its follow-up — the quick day field, or on
 * the card a link named (`focused`) "Done" and "Postpone to …".
 */
export function PipelineCard({
  entry,
  busy,
  focused,
  focusClaimed,
  claimFocus,
  onMove,
  onFollowUp,
  onPlan,
  onChange,
}: {
  entry: PipelineEntry;
  busy: boolean;
  /** The card a link named (`?entry=`): scrolled to, focused once, with "Done" and "Postpone to …". */
  focused: boolean;
  /** The link's focus was given to this card already (not again at every answer of the server). */
  focusClaimed: (uuid: string) => boolean;
  claimFocus: (uuid: string) => void;
  onMove: (to: PipelineStage) => void;
  onFollowUp: (request: FollowUpRequest) => void;
  onPlan: () => void;
  onChange: (kind: PendingChange['kind']) => void;
}) {
  const { t, i18n } = useLingui();
  const body = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!focused) return;
    // react-aria draws each card once more out of sight to build its collection, and the board may be
    // hidden a moment while code below it loads: the card tries until its row on the page has the
    // focus (for a few seconds at most), and only then is the link's focus used up.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const attempt = () => {
      const row = body.current?.closest<HTMLElement>('[role="row"]');
      if (row?.isConnected && row.getClientRects().length > 0) {
        row.scrollIntoView({ block: 'center' });
        row.focus({ preventScroll: true });
        if (document.activeElement === row) {
          claimFocus(entry.uuid);
          return;
        }
      }
      tries += 1;
      if (tries < 50) timer = setTimeout(attempt, 100);
    };
    if (!focusClaimed(entry.uuid)) attempt();
    return () => clearTimeout(timer);
  }, [focused, claimFocus, focusClaimed, entry.uuid]);
  const name = entry.profile.name || t`Unnamed candidate`;
  const moves = offeredMoves(entry);
  const score =
    entry.score === null
      ? null
      : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 0 }).format(entry.score);
  return (
    <GridListItem
      id={entry.uuid}
      textValue={name}
      className={focused ? 'pipeline-card pipeline-card-focused' : 'pipeline-card'}
    >
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
      <span className="pipeline-card-body" ref={body}>
        <strong>{name}</strong>
        <span className="muted">
          {score !== null ? t`Score ${score}` : t`no score`}
          {entry.followUp && (
            <>
              {' · '}
              {/* Overdue as the dashboard's follow-ups say it, not a plain date among the others; one
                  today is due all day, whatever its time. */}
              {followUpStatus(entry.followUp, localDay()) === 'overdue' ? (
                <span className="follow-up-overdue">{t`Follow-up overdue since ${followUpWhen(i18n, entry.followUp, entry.followUpTime)}`}</span>
              ) : (
                t`Follow-up ${followUpWhen(i18n, entry.followUp, entry.followUpTime)}`
              )}
            </>
          )}
        </span>
        {entry.followUp && entry.followUpNote && <span className="follow-up-note">{entry.followUpNote}</span>}
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
                key === 'plan'
                  ? onPlan()
                  : key === 'correct' || key === 'remove'
                    ? onChange(key)
                    : onMove(key as PipelineStage)
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
              <MenuItem id="plan" className="rac-option">
                {t`Follow-up with time and note…`}
              </MenuItem>
              <MenuItem id="remove" className="rac-option">
                {t`Remove from pipeline…`}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
        {focused ? (
          <>
            {entry.followUp && (
              <Button
                isDisabled={busy}
                onPress={() => {
                  // The button goes with the follow-up: the focus goes back to the card, not the page.
                  body.current?.closest<HTMLElement>('[role="row"]')?.focus();
                  onFollowUp('done');
                }}
              >
                <Trans>Done</Trans>
              </Button>
            )}
            <Button variant="secondary" isDisabled={busy} onPress={onPlan}>
              <Trans>Postpone to…</Trans>
            </Button>
          </>
        ) : (
          <FollowUpField
            name={name}
            value={entry.followUp}
            busy={busy}
            onChange={(date) => onFollowUp({ date })}
          />
        )}
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
