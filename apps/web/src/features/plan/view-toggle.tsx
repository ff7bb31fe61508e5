import type { ReactNode } from 'react';
import { GridIcon, ListIcon } from '../../ui/icons.tsx';
import { useLayoutStore, type View } from '../../stores/layout-store.ts';
import styles from './view-toggle.module.css';

const OPTIONS: { view: View; label: string; icon: ReactNode }[] = [
  { view: 'list', label: 'List view', icon: <ListIcon /> },
  { view: 'grid', label: 'Grid view', icon: <GridIcon /> },
];

/** spec §2: list or grid, kept in localStorage `hustleView` by the layout store. */
export function ViewToggle() {
  const view = useLayoutStore((state) => state.view);
  const setView = useLayoutStore((state) => state.setView);
  return (
    <div className={styles.toggle} role="group" aria-label="Projects view">
      {OPTIONS.map((option) => (
        <button
          key={option.view}
          type="button"
          className={styles.option}
          aria-pressed={view === option.view}
          aria-label={option.label}
          title={option.label}
          onClick={() => setView(option.view)}
        >
          {option.icon}
        </button>
      ))}
    </div>
  );
}
