// The public card page on its own: hydrates the server-rendered card without loading the signed-in app,
// which is fetched only when the visitor goes on to another screen.
import type { Root } from 'react-dom/client';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readCardData } from './features/public-card/card-data';
import { PublicCardRoot } from './features/public-card/public-card-root';
import { hasStoredSession } from './session/has-stored-session';

const OWNER_PREVIEW_BACK_PATH = '/my-card';

/** react-router keeps navigation state under `usr`; /my-card passes `from` when it opens the preview. */
function cameFromMyCard(): boolean {
  const state: unknown = history.state;
  if (typeof state !== 'object' || state === null || !('usr' in state)) return false;
  const { usr } = state;
  return typeof usr === 'object' && usr !== null && 'from' in usr && usr.from === OWNER_PREVIEW_BACK_PATH;
}

/**
 * The server's page loads its script only after the card is painted (server/modules/card-pages), and
 * keeps a tap on a button made before then: its position among the page's buttons, on <html>. Once
 * the card is hydrated the tap is given to the button again, so an early tap is not lost.
 */
function replayEarlyTap(): void {
  const html = document.documentElement;
  html.setAttribute('data-hydrated', '');
  const tapped = html.getAttribute('data-early-tap');
  html.removeAttribute('data-early-tap');
  if (tapped !== null) document.querySelectorAll('button')[Number(tapped)]?.click();
}

export function mountPublicCard(
  container: HTMLElement,
  card: { nfcUID: string; isOwnerPreview: boolean },
): void {
  const initial = readCardData(document, card.nfcUID);
  let root: Root | undefined;

  // Leaving the card hands the same element over to the full app, so toasts raised here carry over.
  const navigate = (to: string) => {
    root?.unmount();
    history.pushState(null, '', to);
    void import('./app/app-entry').then(({ mountApp }) => mountApp(container));
  };

  const page = (
    <PublicCardRoot
      nfcUID={card.nfcUID}
      initial={initial}
      backTo={card.isOwnerPreview || cameFromMyCard() ? OWNER_PREVIEW_BACK_PATH : null}
      navigate={navigate}
      onHydrated={initial ? replayEarlyTap : undefined}
    />
  );
  if (initial) root = hydrateRoot(container, page);
  else {
    root = createRoot(container);
    root.render(page);
  }
  // The owner must not be offered their own card; only a stored session can be the owner, and only then
  // is the session code (client, tokens, Dexie) worth loading.
  if (hasStoredSession()) void import('./sync/session-check').then(({ checkSession }) => checkSession());
}
