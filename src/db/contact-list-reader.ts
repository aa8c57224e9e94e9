// Starts the worker that reads a member's stored contact list off the page's thread (contact-list-worker.ts).
// Apart from contacts-cache.ts, which the service worker imports too: it has no workers to start.
import type { ListWorker } from './contact-list-parts';

/** The worker, where the browser runs workers (the unit tests' DOM does not): null elsewhere. */
export function startContactListWorker(): ListWorker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./contact-list-worker.ts', import.meta.url), { type: 'module' });
}
