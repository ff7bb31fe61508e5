import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadApiClient } from '../api/api-client.ts';
import { useAuthToken } from '../api/auth-token.ts';
import { useLayoutStore } from '../ui/layout-store.ts';
import { useToastStore } from '../ui/toast-store.ts';

// As main.tsx does at start-up: the API client loads apart from the first script (decision 016).
beforeAll(async () => {
  await preloadApiClient();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  useAuthToken.setState({ token: null });
  useLayoutStore.setState(useLayoutStore.getInitialState());
  useToastStore.setState(useToastStore.getInitialState());
  document.documentElement.removeAttribute('data-theme');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
