import { createContext, useContext } from 'react';
import type { SessionActor } from '../../machines/session/session.machine';
import type { AppLogic } from '../../machines/shell/app-logic';
import type { LocaleActor } from '../../machines/shell/locale.machine';

/** The app-wide actors, created once outside React (STYLE.md). */
export interface AppActors {
  session: SessionActor;
  locale: LocaleActor;
  /** What the features' providers are made from (src/machines/shell/app-logic.ts): `accountLogic(logic)`, … */
  logic: AppLogic;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return actors;
}
