// Reads a member's stored contact list off the page's thread and hands it over a part at a time
// (contact-list-parts.ts): rebuilding 5,000 contacts from IndexedDB is one long task wherever it runs,
// and here no keystroke waits for it. Plain IndexedDB, to stay small: the page opens the app's schema.
import { type ListRequest, listMessages } from './contact-list-parts';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ListRequest>) => void): void;
};

function readRecord({ databaseName, ownerUserId }: ListRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(databaseName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const database = open.result;
      const read = database.transaction('contactLists').objectStore('contactLists').get(ownerUserId);
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        database.close();
        resolve(read.result);
      };
    };
  });
}

scope.addEventListener('message', (event) => {
  readRecord(event.data).then(
    (record) => {
      for (const message of listMessages(record)) scope.postMessage(message);
    },
    () => scope.postMessage({ type: 'failed' }),
  );
});
