// The signed-in app: session check, router, service worker, and the pending card save after sign-in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setSessionExpiredNavigator } from '../session/session-expiry';
import { useSessionStore } from '../session/session-store';
import { completePendingCardSave } from '../sync/pending-card-save';
import { checkSession } from '../sync/session-check';
import { showToast } from '../ui/toast-store';
import { router } from './router';
import { registerServiceWorker } from './service-worker';

/** Spec §4 Pending card save: its notice as a toast, then on to the contacts when it was saved. */
function finishPendingCardSave(): void {
  void completePendingCardSave().then((result) => {
    if (!result) return;
    showToast(result.notice.kind, result.notice.message);
    if (result.next) void router.navigate(result.next);
  });
}

/**
 * Spec §7 Insights prefetch: after a login with its own timings, for a session found at start with the
 * defaults. Its code is fetched only now, so the app's entry does not carry it; failures never show.
 */
function prefetchInsights(moment: 'afterLogin' | 'atStart'): void {
  void import('../sync/insights-prefetch')
    .then(({ prefetchInsights: prefetch, PREFETCH_TIMINGS }) => prefetch(PREFETCH_TIMINGS[moment]))
    .catch(() => {});
}

export function mountApp(container: HTMLElement): void {
  setSessionExpiredNavigator((to) => {
    router.navigate(to, { replace: true });
  });
  // Spec §4: whenever someone becomes signed in (login, e-mail verification, app start), a card they
  // asked to save while signed out is saved now.
  useSessionStore.subscribe((state, previous) => {
    if (state.status === 'signedIn' && previous.status !== 'signedIn') {
      finishPendingCardSave();
      prefetchInsights(previous.status === 'signedOut' ? 'afterLogin' : 'atStart');
    }
  });
  // The public card page may already have checked the session before handing over.
  if (useSessionStore.getState().status === 'checking') void checkSession();
  else if (useSessionStore.getState().status === 'signedIn') {
    finishPendingCardSave();
    prefetchInsights('atStart');
  }
  registerServiceWorker();

  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
