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
