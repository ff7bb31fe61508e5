import { Suspense } from 'react';
import { create } from 'zustand';
import { useToastStore } from '../../ui/toast-store.ts';
import { lazyScreen } from '../lazy-screen.ts';

// Export and import load with their first use: the app shell carries no contract (decision 016).
const ImportDataModal = lazyScreen(
  async () =>
    (await import('../../features/portability/components/import-data-modal.tsx')).ImportDataModal,
);

/** Downloads the account's export; the user menu and the command palette both offer it. */
export const startExport = () =>
  import('../../features/portability/api/export-data.ts').then(
    (exporting) => exporting.downloadExport(),
    () =>
      useToastStore.getState().addToast({
        message: 'Could not start the export. Check your connection and try again.',
        tone: 'danger',
      }),
  );

const useImportDialog = create<{ isOpen: boolean }>(() => ({ isOpen: false }));

export const openImportDialog = () => useImportDialog.setState({ isOpen: true });

/** The import dialog, wherever it was opened from; the app layout holds it once. */
export function ImportDialogHost() {
  const isOpen = useImportDialog((state) => state.isOpen);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <ImportDataModal onClose={() => useImportDialog.setState({ isOpen: false })} />
    </Suspense>
  );
}
