import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PreferencesSync } from './features/preferences';
import { initI18n } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { ConfirmProvider } from './ui/confirm';
import './ui/global.css';
import { Toaster } from './ui/toaster';
import { TooltipProvider } from './ui/tooltip';

initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <TooltipProvider>
          <ConfirmProvider>
            <PreferencesSync />
            <RouterProvider router={router} />
            <Toaster />
          </ConfirmProvider>
        </TooltipProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
