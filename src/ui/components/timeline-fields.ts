import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TimelineField, TimelineSubject } from '../../../contract/timeline';
import { localizedText } from './field-values';
import { profileTabName } from './profile-tabs';

// The fields an agent's edit changed, named as the forms name them (issue 42), never by their keys:
// the server sends each field's catalogue label (server/timeline/references.ts); what a form shows
// beside the catalogue is named here with the words those forms use.

/** A job's form parts that are no catalogue field (server/jobs/jobs.ts `changedFields`). */
const JOB_FORM_PARTS: Record<string, MessageDescriptor> = {
  criteria: msg`Criteria`,
  client: msg`Client`,
};
const REMOVED = msg`a field no longer in the form`;

/** One edited field's name in the reader's language, as the agents' form of `subject` shows it. */
export function timelineFieldName(i18n: I18n, subject: TimelineSubject, field: TimelineField): string {
  // The person's own "About me" is "About the person" to an agent (src/ui/components/profile-tabs.ts).
  if (subject === 'profile' && field.key === 'about') return profileTabName(i18n, 'about', 'other');
  if (field.label) return localizedText(field.label, i18n.locale);
  const part = subject === 'job' ? JOB_FORM_PARTS[field.key] : undefined;
  return i18n._(part ?? REMOVED);
}

/** "About the person, Available from": the fields of an edit, in the event's order. */
export function timelineFieldNames(i18n: I18n, subject: TimelineSubject, fields: TimelineField[]): string {
  return fields.map((field) => timelineFieldName(i18n, subject, field)).join(', ');
}
