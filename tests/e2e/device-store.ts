// What a tab's IndexedDB (the app's Dexie database) holds, read without the app's code.
import type { Page } from '@playwright/test';

/** How many records the store holds; 0 while the database or the store does not exist yet. */
export function countStored(tab: Page, store: string): Promise<number> {
  return tab.evaluate(
    (storeName) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tapnet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(storeName)) {
            database.close();
            resolve(0);
            return;
          }
          const count = database.transaction(storeName).objectStore(storeName).count();
          count.onsuccess = () => {
            database.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}
