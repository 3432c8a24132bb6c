// Providers around the router: queries and toasts (following the theme).
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { useTheme } from '../ui/theme';
import { queryClient } from './query-client';
import { router } from './router';
import { SignInLinkWatcher } from './sign-in-link-watcher';

// Toasts only follow actions, so their code loads after the first render.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function App() {
  const { resolved } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <SignInLinkWatcher />
      <Suspense fallback={null}>
        <Toaster theme={resolved} position="bottom-right" closeButton richColors />
      </Suspense>
    </QueryClientProvider>
  );
}
