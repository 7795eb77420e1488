import type { Context } from 'hono';
import type { AppEnv } from './env';

/** The English `message` of each version conflict (the client translates `code`). */
const MESSAGES = {
  'profile.version_conflict': 'The profile was changed since it was read',
  'job.version_conflict': 'The job was changed since it was read',
  'agent.version_conflict': 'The record was changed since it was read',
  'contact.version_conflict': 'The contact was changed since it was read',
  'pipeline.version_conflict': 'The pipeline entry was moved since it was read',
  'pipeline.transition_refused': 'The entry cannot move to that stage from its stage',
  'client.already_answered': 'The candidate was answered already',
  'pipeline.nothing_to_undo': 'The entry was not moved by an agent since it was added, sent or undone',
  'pipeline.undo_not_yours': "Another user made the entry's last move: only they may undo it",
  'pipeline.undo_expired': 'The move is too old to undo: correct the stage instead',
  'client.change_expired': 'The answer can no longer be changed: please ask the agency',
  'client.not_answered': 'The candidate has not been answered',
} as const;

/**
 * 409 of an update sent with a stale version: the standard error fields and the record as it is
 * now (contract/errors.ts `versionConflictSchema`), so the client can show it and let the user choose.
 */
export function conflictResponse<E extends AppEnv, Code extends keyof typeof MESSAGES, Current>(
  c: Context<E>,
  code: Code,
  current: Current,
) {
  return c.json(
    { status: 409 as const, code, message: MESSAGES[code], requestId: c.get('requestId'), current },
    409,
  );
}
