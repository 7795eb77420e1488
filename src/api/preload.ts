import type { TokenClaims } from '../../contract/session';
import type { SessionSnapshot } from '../machines/session.machine';

/** What the protected group loads before it shows (SEED-SPEC §2). Later issues add the profile and field data. */
export interface WorkspaceData {
  claims: TokenClaims;
}

/** The protected group's one preload step. */
export async function preloadWorkspace(session: SessionSnapshot): Promise<WorkspaceData> {
  const claims = session.context.claims;
  if (!claims) throw new Error('preloadWorkspace needs a signed-in session');
  return { claims };
}
