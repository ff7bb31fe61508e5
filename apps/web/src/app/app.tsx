import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { useAuthToken } from '../api/auth-token.ts';
import { ToastViewport } from '../ui/toast-viewport.tsx';
import { SignedInApp } from './signed-in-app.tsx';
import { SignedOutRoutes } from './signed-out-routes.tsx';

export function App({ queryClient }: { queryClient: QueryClient }) {
  // spec §4: logging out clears the user data; this also covers a token the server rejected.
  useEffect(
    () =>
      useAuthToken.subscribe((state, previous) => {
        if (previous.token && !state.token) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastViewport />
    </QueryClientProvider>
  );
}

export function AppRoutes() {
  const isSignedIn = useAuthToken((state) => state.token !== null);
  return isSignedIn ? <SignedInApp /> : <SignedOutRoutes />;
}
