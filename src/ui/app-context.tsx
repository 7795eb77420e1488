import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client';
import type { LocaleActor } from '../machines/locale.machine';
import type { SessionActor } from '../machines/session.machine';

/** The app-wide actors, created once outside React (STYLE.md). */
export interface AppActors {
  session: SessionActor;
  locale: LocaleActor;
  api: ApiClient;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return actors;
}
