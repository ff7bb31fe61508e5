import { STORAGE_KEYS } from '@hustle/shared/constants';
import { create } from 'zustand';
import { applyTheme, readStoredTheme, type Theme } from '../../ui/theme.ts';

export type View = 'list' | 'grid';

export type LayoutModal =
  | { type: 'none' }
  | { type: 'projectDetails' | 'archivedProjectDetails'; id: string; addTask: boolean };

type LayoutState = {
  theme: Theme;
  view: View;
  projectsReorder: boolean;
  modal: LayoutModal;
  addingProjectTop: boolean;
  addingProjectBottom: boolean;
  setTheme: (theme: Theme) => void;
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

/** Layout preferences of spec §3. */
export const useLayoutStore = create<LayoutState>()((set, get) => ({
  theme: readStoredTheme(),
  view: readStoredView(),
  projectsReorder: false,
  modal: { type: 'none' },
  addingProjectTop: false,
  addingProjectBottom: false,
  setTheme: (theme) => {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
    applyTheme(theme);
    set({ theme });
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
