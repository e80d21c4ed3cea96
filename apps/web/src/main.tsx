import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PreferencesSync } from './features/preferences/preferences-sync';
import { initI18n } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { flagNewerVersion, UPDATE_CHECK_INTERVAL_MS } from './lib/update-required';
import { ConfirmProvider } from './ui/confirm';
import { AppDirection } from './ui/direction';
import './ui/global.css';
import './ui/first-paint.css';
import { Toaster } from './ui/toaster';

initI18n();

const root = createRoot(document.getElementById('root')!);
// Rendered as a transition, the first render yields to the browser every few milliseconds instead
// of holding the main thread for all of it: the page answers input meanwhile (total blocking
// time), and the frame painted from the HTML stays until the app is ready to replace it.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <AppDirection>
            <ConfirmProvider>
              <PreferencesSync />
              <RouterProvider router={router} />
              <Toaster />
            </ConfirmProvider>
          </AppDirection>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});

// The service worker (production builds only) registers once the page has loaded, from its own
// chunk: none of it weighs on the first render.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => {
      import('./lib/service-worker')
        .then((module) =>
          module.registerServiceWorker({
            onWorkerVersion: flagNewerVersion,
            checkEveryMs: UPDATE_CHECK_INTERVAL_MS,
          }),
        )
        .catch(() => {
          // no worker (blocked, or its chunk failed to load): the app works online as before
        });
    },
    { once: true },
  );
}
