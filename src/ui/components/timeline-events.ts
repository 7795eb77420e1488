import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { cardKindOf } from '../../../contract/card-words';
import type { TimelineEntry, TimelineSubject } from '../../../contract/timeline';
import { formatDay, formatTimeOfDay } from './format';
import { stageLabel } from './pipeline-stages';
import { timelineFieldNames } from './timeline-fields';

// The timeline's system events in the user's words. recordAction / recordEvent callers name them
// (server/agents/audit.ts); one this list does not know is shown by its name, never dropped.

const EVENTS: Record<string, MessageDescriptor> = {
  registered: msg`Registered`,
  'email.confirmed': msg`E-mail address confirmed`,
  assign: msg`Assigned to an agent`,
  unassign: msg`Assignment removed`,
  promote: msg`Promoted from luna to stella`,
  activate: msg`Activated for matching`,
  deactivate: msg`Deactivated for matching`,
  block: msg`Blocked by the agency`,
  unblock: msg`Block lifted`,
  'card.downloaded': msg`Card downloaded`,
  'card.sent': msg`Card sent`,
  'profile.created': msg`Profile created by an agent`,
  'profile.edited': msg`Profile edited`,
  'profile.invited': msg`Invitation sent`,
  'profile.invitation_accepted': msg`Invitation accepted`,
  'company.created': msg`Company created by an agent`,
  'company.edited': msg`Company edited`,
  'company.invited': msg`Invitation sent`,
  'company.invitation_accepted': msg`Invitation accepted`,
  'contact.added': msg`Contact added`,
  'contact.edited': msg`Contact edited`,
  'contact.removed': msg`Contact removed`,
  'contact.invited': msg`Contact invited to their own login`,
  'contact.invitation_accepted': msg`Contact's login set up`,
  'job.created': msg`Job created`,
  'job.requested': msg`Request filed by the company`,
  'job.edited': msg`Job edited`,
  'job.archived': msg`Job archived`,
  'job.activated': msg`Job active again`,
  'job.taken': msg`An agent took the job`,
  'stage.changed': msg`Pipeline stage changed`,
  'pipeline.removed': msg`Removed from the pipeline`,
  'follow_up.done': msg`Follow-up done`,
};

/** What kind of change a `stage.changed` was, when not a plain move (server/pipeline/change.ts). */
const CHANGES: Record<string, MessageDescriptor> = {
  correction: msg`stage corrected`,
  undo: msg`move undone`,
  answer_withdrawn: msg`answer taken back by the client`,
};

/**
 * What an event on `subject`'s timeline says: its words, and what its details add (the fields of an
 * edit by their forms' labels, a reason, a format).
 */
export function eventText(
  i18n: I18n,
  entry: TimelineEntry,
  subject: TimelineSubject,
): { title: string; detail: string | null } {
  const known = entry.action ? EVENTS[entry.action] : undefined;
  const title = known ? i18n._(known) : i18n._(msg`Event: ${entry.action ?? '?'}`);
  if (entry.action === 'stage.changed') return { title, detail: stageChange(i18n, entry.details) };
  if (entry.action === 'follow_up.done') return { title, detail: followUpDone(i18n, entry.details) };
  const reason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
  if (entry.fields.length > 0) {
    const names = timelineFieldNames(i18n, subject, entry.fields);
    return { title, detail: i18n._(msg`Fields: ${names}`) };
  }
  if (reason) return { title, detail: i18n._(msg`Reason: ${reason}`) };
  // A send with the agent's personal line (issue 42): what the mail said besides the cards.
  if (entry.action === 'card.sent' && typeof entry.details.note === 'string') {
    const contact = String(entry.details.contact ?? '');
    const note = entry.details.note;
    return { title, detail: i18n._(msg`Contact: ${contact} · Personal line: “${note}”`) };
  }
  if (typeof entry.details.contact === 'string')
    return { title, detail: i18n._(msg`Contact: ${entry.details.contact}`) };
  // cardKindOf: a row written before migration 0037 says `anonymous`.
  if (entry.action === 'card.downloaded' && cardKindOf(entry.details.format) === 'anonymised')
    return { title, detail: i18n._(msg`anonymised`) };
  return { title, detail: null };
}

/** A follow-up done: the day (and time) it was for, and its note ("24.11.2026 um 16:00: Rückruf"). */
function followUpDone(i18n: I18n, details: Record<string, unknown>): string | null {
  if (typeof details.day !== 'string') return null;
  const date = formatDay(i18n, details.day);
  const clock = typeof details.time === 'string' ? formatTimeOfDay(i18n, details.time) : null;
  // The same words as the follow-up's day and time on a card (src/ui/pipeline/follow-up-text.ts).
  const when = clock ? i18n._(msg`${date} at ${clock}`) : date;
  return typeof details.note === 'string' ? `${when}: ${details.note}` : when;
}

/** "Proposed → Rejected (by the client: reason)"; an entry added to a pipeline has no "from". */
function stageChange(i18n: I18n, details: Record<string, unknown>): string {
  const to = stageLabel(i18n, String(details.to ?? '?'));
  const move =
    typeof details.from === 'string'
      ? `${stageLabel(i18n, details.from)} → ${to}`
      : i18n._(msg`Added to the pipeline: ${to}`);
  // A job's history of someone since deleted (retention, PRODUCT.md §8) keeps the move, not the person.
  if (details.anonymised === true) return `${move} · ${i18n._(msg`anonymised`)}`;
  // A company's answer given by one of its contacts' logins (issue 42).
  if (typeof details.contact === 'string' && details.answer !== undefined) {
    const contact = details.contact;
    return `${stageChangeWords(i18n, move, details)} · ${i18n._(msg`answered by ${contact}`)}`;
  }
  return stageChangeWords(i18n, move, details);
}

/** A move with what kind of change it was or why, as the timeline says it. */
function stageChangeWords(i18n: I18n, move: string, details: Record<string, unknown>): string {
  const reason = typeof details.reason === 'string' ? details.reason : null;
  const change = typeof details.change === 'string' ? CHANGES[details.change] : undefined;
  if (change) return `${move} (${i18n._(change)}${reason ? `: ${reason}` : ''})`;
  if (!reason) return move;
  const by =
    details.by === 'client'
      ? i18n._(msg`by the client`)
      : details.by === 'agency'
        ? i18n._(msg`by the agency`)
        : i18n._(msg`by the candidate`);
  return `${move} (${by}: ${reason})`;
}
