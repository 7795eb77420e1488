import type { ApiClient } from './api/client';
import type { SessionActor } from './machines/session/session.machine';
import type { AppLogic } from './machines/shell/app-logic';
import type { LocaleActor } from './machines/shell/locale.machine';
import type { Workspace } from './machines/shell/workspace';

/** What every route's guard and loader get (created once in main.tsx, swapped in tests). */
export interface RouterContext {
  session: SessionActor;
  api: ApiClient;
  /** The machines with their side effects (src/machines/app-logic.ts). */
  logic: AppLogic;
  workspace: Workspace;
  locale: LocaleActor;
  /** Asks the user a yes/no question (window.confirm in the browser). */
  confirm: (message: string) => boolean;
  /** The address of the screen shown before the navigation in progress, if any. */
  previousHref: () => string | undefined;
  /**
   * The account's e-mail address when the password-reset token verifies and the server's check
   * answers reset_password.ok; null for a bad, expired or used link.
   */
  checkResetToken: (token: string) => Promise<string | null>;
}
