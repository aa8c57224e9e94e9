// How a member's stored contact list travels from contact-list-worker.ts to the page: a part of a few
// hundred contacts per message, so that the page rebuilds them in short tasks between which the browser
// handles input, instead of one long read of the whole list (docs/budgets.md).

/** What the page asks the worker: the list of this member, in the app's database. */
export interface ListRequest {
  databaseName: string;
  ownerUserId: string;
}

/** What the worker answers: the list's parts in order, then the end; or that it could not read it. */
export type ListMessage =
  | { type: 'part'; contacts: unknown[] }
  | { type: 'end'; isFound: boolean }
  | { type: 'failed' };

/** Contacts per message: a few milliseconds to rebuild on a phone's CPU. */
export const LIST_PART_SIZE = 500;

/** The messages that hand over a stored list record; a record that holds no list is not found. */
export function listMessages(record: unknown): ListMessage[] {
  const contacts = (record as { contacts?: unknown } | undefined)?.contacts;
  if (!Array.isArray(contacts)) return [{ type: 'end', isFound: false }];
  const messages: ListMessage[] = [];
  for (let start = 0; start < contacts.length; start += LIST_PART_SIZE) {
    messages.push({ type: 'part', contacts: contacts.slice(start, start + LIST_PART_SIZE) });
  }
  messages.push({ type: 'end', isFound: true });
  return messages;
}

/** The part of a `Worker` the page uses. */
export interface ListWorker {
  onmessage: ((event: MessageEvent<ListMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: ListRequest): void;
  terminate(): void;
}

/**
 * The stored list, unchecked, put together from the worker's parts; null when the member has none. Rejects
 * when the worker fails. The worker is ended either way.
 */
export function receiveList(worker: ListWorker, request: ListRequest): Promise<unknown[] | null> {
  return new Promise((resolve, reject) => {
    const list: unknown[] = [];
    worker.onmessage = ({ data }) => {
      if (data.type === 'part') {
        for (const contact of data.contacts) list.push(contact);
        return;
      }
      worker.terminate();
      if (data.type === 'end') resolve(data.isFound ? list : null);
      else reject(new Error('The worker could not read the contact list'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The contact list worker failed: ${event.message}`));
    };
    worker.postMessage(request);
  });
}
