import '@testing-library/jest-dom/vitest';
// The browser's storage of the signed-in user's data and outbox (decision 028).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadApiClient, preloadContract } from '../api/api-client.ts';
import { useAuthToken } from '../api/auth-token.ts';
import { closeOpenOutbox } from '../sync/outbox/outbox-state.ts';
import { eraseLocal } from '../sync/store/local-store.ts';
import { useLayoutStore } from '../stores/layout-store.ts';
import { useToastStore } from '../ui/toast-store.ts';

// Screens load by dynamic import (decision 016); the first import of one in a test file is
// transformed on the spot, which on a busy machine took longer than the default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// As main.tsx does at start-up and once the first screen shows: the API client and the contract
// load apart from the first script (decision 016).
beforeAll(async () => {
  await Promise.all([preloadApiClient(), preloadContract()]);
});

// jsdom does not scroll: lists scrolled by the window (decision 032) set its position through
// this, and follow it by its scroll events, as in a browser.
window.scrollTo = ((options?: ScrollToOptions | number, y?: number) => {
  const top = typeof options === 'object' ? options.top : y;
  if (top === undefined || top === window.scrollY) return;
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}) as typeof window.scrollTo;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // What a test put in the page itself (not through render) goes too: the next test, perhaps of
  // another file in the same worker, starts from an empty page.
  document.body.replaceChildren();
  // As a page's unload would: an outbox left open would still send when the next test goes online.
  closeOpenOutbox();
  vi.useRealTimers();
  await eraseLocal();
  localStorage.clear();
  useAuthToken.setState({ token: null });
  useLayoutStore.setState(useLayoutStore.getInitialState());
  useToastStore.setState(useToastStore.getInitialState());
  document.documentElement.removeAttribute('data-theme');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
