import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadApiClient } from './api/api-client.ts';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { whenIdle } from './app/lazy-screen.ts';
import { consumeTokenFromUrl } from './app/startup.ts';
import { registerServiceWorker } from './app/update/app-update.ts';
import { useLayoutStore } from './ui/layout-store.ts';
import { applyTheme } from './ui/theme.ts';

consumeTokenFromUrl();
applyTheme(useLayoutStore.getState().theme);
// Every first screen calls the API: its contract downloads while React renders (decision 016).
preloadApiClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
registerServiceWorker(whenIdle);
