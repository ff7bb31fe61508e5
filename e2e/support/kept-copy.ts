import type { Page } from '@playwright/test';

/** The keys of what the app keeps of the signed-in user in IndexedDB. */
export const keptEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('hustle');
        opening.onerror = () => reject(new Error('could not open'));
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('signed-in')) return resolve([]);
          const keys = database.transaction('signed-in').objectStore('signed-in').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
