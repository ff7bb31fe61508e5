import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { useAuthToken } from '../api/auth-token.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { ToastViewport } from '../ui/toast-viewport.tsx';
import { firstScreenShown } from '../ui/after-first-screen.ts';
import { lazyScreen } from './lazy-screen.ts';
import { endSignedInSession } from './end-session.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { SignedInApp } from './signed-in-app.tsx';
import { UpdatePrompt } from './update/update-prompt.tsx';

// A signed-in visit never needs the login screens, so they load only when signed out.
const SignedOutRoutes = lazyScreen(() =>
  import('./signed-out-routes.tsx').then((m) => m.SignedOutRoutes),
);

export function App({ queryClient }: { queryClient: QueryClient }) {
  // spec §4: logging out clears the user data, in memory and in the browser's storage; this
  // also covers a token the server rejected and another sign-in taking this one's place.
  useEffect(
    () =>
      useAuthToken.subscribe((state, previous) => {
        if (previous.token && state.token !== previous.token) {
          void endSignedInSession(queryClient, state.endedBy);
        }
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastViewport />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}

export function AppRoutes() {
  const isSignedIn = useAuthToken((state) => state.token !== null);
  // A signed-out visit's screens need no data: what waits for the first screen can start.
  useEffect(() => {
    if (!isSignedIn) firstScreenShown();
  }, [isSignedIn]);
  if (isSignedIn) return <SignedInApp />;
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <SignedOutRoutes />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
