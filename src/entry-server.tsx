// Server rendering of the public card page (DESIGN.md §4): built by `vite build --ssr` into dist-ssr/,
// imported by server/modules/card-pages. Renders the same tree the client hydrates.
import { renderToString } from 'react-dom/server';
import type { CardLookupResult, CardMessageKind } from '../contract/card';
import { serializeCardData } from './features/public-card/card-data';
import { parsePublicCardPath } from './features/public-card/card-path';
import { PublicCardRoot } from './features/public-card/public-card-root';

export interface RenderedCardPage {
  /** Tags for <head>: title, description and link-preview tags. */
  head: string;
  /** Markup of #root. */
  markup: string;
  /** The JSON data block the client hydrates from; it goes after #root, never inside it. */
  data: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** What a page without a card says in its title and description (link previews included). */
const MESSAGE_SUMMARIES: Record<CardMessageKind, { title: string; description: string }> = {
  unclaimed: { title: 'Activate your Tapnet card', description: 'This card has not been activated yet.' },
  'not-found': { title: 'Card not found · Tapnet', description: 'Card not found.' },
  replaced: { title: 'Card replaced · Tapnet', description: 'This card has been replaced by its owner.' },
  unavailable: { title: 'Card unavailable · Tapnet', description: 'This card is unavailable.' },
};

function summarise(lookup: CardLookupResult): { title: string; description: string } {
  if (lookup.kind !== 'card') return MESSAGE_SUMMARIES[lookup.kind];
  const { name, role, company } = lookup.card;
  const position = [role, company].filter(Boolean).join(' at ');
  return {
    title: `${name} · Tapnet`,
    description: position
      ? `${name}, ${position}. Save their contact with Tapnet.`
      : `Save ${name}'s contact with Tapnet.`,
  };
}

export function renderCardPage(pathname: string, lookup: CardLookupResult): RenderedCardPage | null {
  const path = parsePublicCardPath(pathname);
  if (!path) return null;
  const markup = renderToString(
    <PublicCardRoot
      nfcUID={path.nfcUID}
      initial={lookup}
      backTo={path.isOwnerPreview ? '/my-card' : null}
      navigate={() => {}}
    />,
  );
  const { title, description } = summarise(lookup);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="profile" />`,
  ].join('\n    ');
  return { head, markup, data: serializeCardData(lookup) };
}
