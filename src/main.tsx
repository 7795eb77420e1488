import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { CREDENTIALS_KEY } from '../contract/session';
import { checkResetPasswordToken } from './api/reset-password';
import { localeMachine } from './machines/locale.machine';
import { sessionMachine } from './machines/session.machine';
import { createAppRouter } from './router';
import { AppActorsContext } from './ui/app-context';
import { LocaleGate } from './ui/locale-gate';
import './ui/styles.css';

const session = createActor(sessionMachine, { input: {} }).start();
const locale = createActor(localeMachine, { input: { i18n } }).start();

const router = createAppRouter({
  session,
  locale,
  confirm: (message) => window.confirm(message),
  checkResetToken: checkResetPasswordToken,
});

// Guards run again whenever the session changes state (login, logout, another tab).
let lastSessionState = JSON.stringify(session.getSnapshot().value);
session.subscribe((snapshot) => {
  const state = JSON.stringify(snapshot.value);
  if (state !== lastSessionState) {
    lastSessionState = state;
    void router.invalidate();
  }
});
// Login or logout in another tab reaches this one.
window.addEventListener('storage', (event) => {
  if (event.key === CREDENTIALS_KEY || event.key === null) session.send({ type: 'session.restore' });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppActorsContext.Provider value={{ session, locale }}>
      <I18nProvider i18n={i18n}>
        <LocaleGate>
          <RouterProvider router={router} />
        </LocaleGate>
      </I18nProvider>
    </AppActorsContext.Provider>
  </StrictMode>,
);
