import type { SessionActor } from './machines/session/session.machine';
import type { AppLogic } from './machines/shell/app-logic';
import type { LocaleActor } from './machines/shell/locale.machine';
import type { SignedInPreload } from './machines/shell/signed-in-preload';

/** What every route's guard and loader get (created once in main.tsx, swapped in tests). */
export interface RouterContext {
  session: SessionActor;
  /** What every feature's provider is made from (src/machines/shell/app-logic.ts); loaders pass it to them. */
  logic: AppLogic;
  /** What the protected group preloads for the signed-in user. */
  signedIn: SignedInPreload;
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
