import { waitFor } from 'xstate';
import type { SessionBridge } from '../../api/client';
import type { SessionActor, SessionSnapshot } from './session.machine';

/** A call waits while the token is being read, checked or replaced. */
const busyWithToken = (s: SessionSnapshot) => s.hasTag('settling') || s.hasTag('refreshing');

/** The HTTP client's view of the session actor: its token, and refreshes asked of it. */
export function sessionBridge(session: () => SessionActor): SessionBridge {
  return {
    token: () => session().getSnapshot().context.credentials?.token ?? null,
    settled: async () => {
      if (busyWithToken(session().getSnapshot())) await waitFor(session(), (s) => !busyWithToken(s));
    },
    refresh: async (staleToken) => {
      const actor = session();
      const current = actor.getSnapshot();
      // Another call's refresh already replaced the token this call used: just retry.
      const token = current.context.credentials?.token;
      if (current.matches({ authenticated: 'idle' }) && token && token !== staleToken) return token;
      // Exactly one refresh is in flight however many calls failed: the machine ignores the event while refreshing.
      actor.send({ type: 'session.refresh' });
      const done = await waitFor(actor, (s) => !busyWithToken(s));
      const fresh = done.context.credentials?.token;
      if (!done.matches('authenticated') || !fresh) throw new Error('session could not be refreshed');
      return fresh;
    },
  };
}
