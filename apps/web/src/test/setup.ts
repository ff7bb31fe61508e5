import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useAuthToken } from '../api/auth-token.ts';
import { useLayoutStore } from '../ui/layout-store.ts';
import { useToastStore } from '../ui/toast-store.ts';

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
