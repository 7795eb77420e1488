import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import {
  TIMELINE_REFERENCE_KINDS,
  type TimelineReferenceKind,
  type TimelineReferences,
} from '../../../contract/timeline';
import { type CandidatePage, candidatePage } from './candidate-pages';

// The other side of a timeline entry (issue 42): on a job's timeline the candidate, on a candidate's
// the job and its client, on a company's the job and the candidate — each a link to the agents' page
// of that record, a record since deleted named as gone. Any event whose details name a job, a
// candidate or a company gets them (server/timeline/references.ts), whatever its kind.

const ROLES: Record<TimelineReferenceKind, MessageDescriptor> = {
  job: msg`Job`,
  company: msg`Client`,
  profile: msg`Candidate`,
};
const GONE: Record<TimelineReferenceKind, MessageDescriptor> = {
  job: msg`deleted job`,
  company: msg`deleted company`,
  profile: msg`deleted person`,
};
const UNNAMED: Record<TimelineReferenceKind, MessageDescriptor> = {
  job: msg`untitled job`,
  company: msg`unnamed company`,
  profile: msg`unnamed person`,
};

export type TimelineReferenceLink =
  | { to: '/matchingJobResult/$jobUuid'; params: { jobUuid: string } }
  | { to: CandidatePage; params: { uuid: string } }
  | { to: '/companies/view/$uuid'; params: { uuid: string } };

export interface TimelineReferenceItem {
  kind: TimelineReferenceKind;
  /** What the record is to the entry: "Job", "Client", "Candidate". */
  role: string;
  /** Its name now, or that it is gone. */
  text: string;
  /** Where the agent reads it; null for a record that is gone. */
  link: TimelineReferenceLink | null;
}

/** The records an entry names (job, candidate, company) in the reader's language, with where each is read. */
export function timelineReferenceItems(i18n: I18n, references: TimelineReferences): TimelineReferenceItem[] {
  return TIMELINE_REFERENCE_KINDS.flatMap((kind) => {
    const reference = references[kind];
    if (!reference) return [];
    const role = i18n._(ROLES[kind]);
    if (reference.uuid === null) return [{ kind, role, text: i18n._(GONE[kind]), link: null }];
    const text = reference.name?.trim() || i18n._(UNNAMED[kind]);
    const uuid = reference.uuid;
    let link: TimelineReferenceLink | null = null;
    if (kind === 'job') link = { to: '/matchingJobResult/$jobUuid', params: { jobUuid: uuid } };
    else if (kind === 'company') link = { to: '/companies/view/$uuid', params: { uuid } };
    else {
      const page = candidatePage(references.profile?.type ?? '');
      link = page ? { to: page, params: { uuid } } : null;
    }
    return [{ kind, role, text, link }];
  });
}

/** "Job: Lagerhelfer · Client: Rheinwerk Bau GmbH", each name a link; nothing when the entry names none. */
export function TimelineReferenceLine({ references }: { references: TimelineReferences }) {
  const { i18n } = useLingui();
  const items = timelineReferenceItems(i18n, references);
  if (items.length === 0) return null;
  return (
    <p className="timeline-references">
      {items.map((item, index) => (
        <Fragment key={item.kind}>
          {index > 0 && ' · '}
          <span className="muted">{item.role}:</span>{' '}
          {item.link ? <Link {...item.link}>{item.text}</Link> : <span>{item.text}</span>}
        </Fragment>
      ))}
    </p>
  );
}
