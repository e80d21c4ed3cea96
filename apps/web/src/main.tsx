import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PreferencesSync } from './features/preferences';
import { initI18n } from './i18n/i18n';
import { SessionProvider } from './lib/session';
import { ConfirmProvider } from './ui/confirm';
import './ui/global.css';
import { Toaster } from './ui/toaster';
import { TooltipProvider } from './ui/tooltip';

initI18n();
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

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
