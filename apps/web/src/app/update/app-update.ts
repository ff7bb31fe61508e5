import { create } from 'zustand';

type AppUpdateState = {
  /** A new version of the app is installed and waits for the user to take it. */
  isAvailable: boolean;
  /** Reloads into the new version. */
  apply: () => void;
  dismiss: () => void;
};

export const useAppUpdate = create<AppUpdateState>()((set) => ({
  isAvailable: false,
  apply: () => undefined,
  dismiss: () => set({ isAvailable: false }),
}));

/**
 * Registers the service worker that makes the app open with no network (decision 028). Its
 * code loads apart from the first script, once the page is idle; a new version never reloads
 * the page by itself: it waits, and the "Update available" prompt lets the user take it when
 * nothing is in their hands (or the next start takes it anyway).
 */
export function registerServiceWorker(whenIdle: (work: () => void) => void) {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const updateTo = registerSW({
          onNeedRefresh: () =>
            useAppUpdate.setState({ isAvailable: true, apply: () => void updateTo(true) }),
          onRegisterError: (error: unknown) =>
            console.warn('The app could not be made available offline', error),
        });
      })
      .catch((error: unknown) => console.warn('The offline support did not load', error));
  });
}
