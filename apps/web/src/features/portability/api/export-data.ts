import dayjs from 'dayjs';
import { api } from '../../../api/api-client.ts';
import { errorMessage } from '../../../api/api-error.ts';
import { useToastStore } from '../../../ui/toast-store.ts';

/** `hustle-export-2026-11-24.json`: the day it was made, on the user's calendar. */
export const exportFileName = (date: Date) =>
  `hustle-export-${dayjs(date).format('YYYY-MM-DD')}.json`;

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads everything the user owns as one file; says in a toast how it went. */
export async function downloadExport(): Promise<void> {
  const { addToast } = useToastStore.getState();
  try {
    const document = await api.exportData();
    const name = exportFileName(new Date());
    saveFile(name, JSON.stringify(document, null, 2));
    addToast({ message: `Your data is saved as ${name}.` });
  } catch (error) {
    addToast({ message: `Could not export your data: ${errorMessage(error)}`, tone: 'danger' });
  }
}
