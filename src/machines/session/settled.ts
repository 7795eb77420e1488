import { waitFor } from 'xstate';
import type { SessionActor, SessionSnapshot } from './session.machine';

/** The session once it knows who is signed in (guards must not decide on a half-read session). */
export function settledSession(session: SessionActor): Promise<SessionSnapshot> {
  return waitFor(session, (s) => !s.hasTag('settling'));
}
