import { GridIcon, ListIcon } from '../../ui/icons.tsx';
import { SegmentedControl, type SegmentedOption } from '../../ui/segmented-control.tsx';
import { useLayoutStore, type View } from '../../stores/layout-store.ts';

const OPTIONS: readonly SegmentedOption<View>[] = [
  { value: 'list', label: 'List view', icon: <ListIcon /> },
  { value: 'grid', label: 'Grid view', icon: <GridIcon /> },
];

/** spec §2: list or grid, kept in localStorage `hustleView` by the layout store. */
export function ViewToggle() {
  const view = useLayoutStore((state) => state.view);
  const setView = useLayoutStore((state) => state.setView);
  return (
    <SegmentedControl label="Projects view" options={OPTIONS} value={view} onChange={setView} />
  );
}
