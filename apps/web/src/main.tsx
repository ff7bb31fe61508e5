import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadApiClient, preloadContract } from './api/api-client.ts';
import { APP_RENDER_MARK } from '@hustle/shared/performance-marks';
import { useAuthToken } from './api/auth-token.ts';
import { App } from './app/app.tsx';
import { eraseSignedInData, persistCache, restoreCache } from './sync/store/persisted-cache.ts';
import { createQueryClient, startOnlineFromBrowser } from './app/query-client.ts';
import { afterFirstScreen } from './ui/after-first-screen.ts';
import { isListScreenPath, preloadFirstScreen } from './app/signed-in-app.tsx';
import { consumeTokenFromUrl } from './app/startup.ts';
import { registerServiceWorker } from './app/update/app-update.ts';
import { useLayoutStore } from './stores/layout-store.ts';
import { applyTheme } from './ui/theme.ts';

const { isNewSignIn } = consumeTokenFromUrl();
applyTheme(useLayoutStore.getState().theme);
// Every first screen calls the API: its contract downloads while React renders (decision 016).
preloadApiClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startOnlineFromBrowser();
const queryClient = createQueryClient();

/**
 * How long a signed-in start on Plan or Execute waits for its screen's script before rendering
 * anyway: rendering first would show a loader for the moment the script still needs, then
 * render again.
 */
const FIRST_SCREEN_WAIT_MS = 300;

async function start(container: HTMLElement) {
  // A signed-in visit's screen script downloads beside the session and workspace requests the
  // page started (decision 037), not after the browser's copy is read and the app rendered.
  const screen = useAuthToken.getState().token
    ? preloadFirstScreen(window.location.pathname)
    : undefined;
  if (isNewSignIn) await eraseSignedInData();
  // The returning user's last answers, so the first screen shows their tasks (decision 028).
  await restoreCache(queryClient);
  if (screen && isListScreenPath(window.location.pathname)) {
    await Promise.race([
      screen,
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]);
  }
  persistCache(queryClient);
  performance.mark(APP_RENDER_MARK);
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  afterFirstScreen(() => void preloadContract());
  registerServiceWorker(afterFirstScreen);
}

void start(root);
