import { STORAGE_KEYS } from '@hustle/shared/constants';
import { create } from 'zustand';
import {
  applyTheme,
  onSystemThemeChange,
  readStoredThemePreference,
  resolveTheme,
  storeThemePreference,
  type Theme,
  type ThemePreference,
} from '../ui/theme.ts';

export type View = 'list' | 'grid';

export type LayoutModal =
  | { type: 'none' }
  | { type: 'projectDetails' | 'archivedProjectDetails'; id: string; addTask: boolean };

type LayoutState = {
  /** The theme shown: the one chosen, or the system's while the user matches it. */
  theme: Theme;
  themePreference: ThemePreference;
  view: View;
  projectsReorder: boolean;
  modal: LayoutModal;
  addingProjectTop: boolean;
  addingProjectBottom: boolean;
  /** A theme chosen outright; it stops matching the system. */
  setTheme: (theme: Theme) => void;
  setThemePreference: (preference: ThemePreference) => void;
  toggleTheme: () => void;
  setView: (view: View) => void;
  toggleView: () => void;
  setProjectsReorder: (isReordering: boolean) => void;
  toggleProjectsReorder: () => void;
  openModal: (modal: Exclude<LayoutModal, { type: 'none' }>) => void;
  closeModal: () => void;
  setAddingProjectTop: (isAdding: boolean) => void;
  setAddingProjectBottom: (isAdding: boolean) => void;
};

/** spec §4: the stored view is used only when it is 'grid' or 'list'. */
function readStoredView(): View {
  const stored = localStorage.getItem(STORAGE_KEYS.view);
  return stored === 'grid' || stored === 'list' ? stored : 'list';
}

/** Stops following the system's scheme; replaced each time the preference is set. */
let stopFollowingSystem = () => {};

/**
 * While the user matches the system, a change of its scheme (the evening switch to dark)
 * changes the theme shown at once (issue 28); any other choice stops listening.
 */
function followSystemWhile(preference: ThemePreference, show: (theme: Theme) => void) {
  stopFollowingSystem();
  stopFollowingSystem = preference === 'system' ? onSystemThemeChange(show) : () => {};
}

const initialThemePreference = readStoredThemePreference();

/** Layout preferences of spec §3. */
export const useLayoutStore = create<LayoutState>()((set, get) => ({
  theme: resolveTheme(initialThemePreference),
  themePreference: initialThemePreference,
  view: readStoredView(),
  projectsReorder: false,
  modal: { type: 'none' },
  addingProjectTop: false,
  addingProjectBottom: false,
  setTheme: (theme) => get().setThemePreference(theme),
  setThemePreference: (themePreference) => {
    storeThemePreference(themePreference);
    const show = (theme: Theme) => {
      applyTheme(theme);
      set({ theme });
    };
    followSystemWhile(themePreference, show);
    set({ themePreference });
    show(resolveTheme(themePreference));
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  setView: (view) => {
    localStorage.setItem(STORAGE_KEYS.view, view);
    set({ view });
  },
  toggleView: () => get().setView(get().view === 'grid' ? 'list' : 'grid'),
  setProjectsReorder: (projectsReorder) => set({ projectsReorder }),
  toggleProjectsReorder: () => set((state) => ({ projectsReorder: !state.projectsReorder })),
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: { type: 'none' } }),
  setAddingProjectTop: (addingProjectTop) => set({ addingProjectTop }),
  setAddingProjectBottom: (addingProjectBottom) => set({ addingProjectBottom }),
}));

followSystemWhile(initialThemePreference, (theme) => {
  applyTheme(theme);
  useLayoutStore.setState({ theme });
});
