// Recognises a public card path without loading anything else: main.tsx decides with it what to load.

/**
 * Spec §2: the public card views; /my-display-card is the owner's preview, opened from /my-card; /c/ is
 * a member's card link (issue 26), whose key is a handle where the others carry a Card ID.
 */
const PUBLIC_CARD_PATH = /^\/(nfc|c|display-card|my-display-card)\/([^/]+)\/?$/;

export function parsePublicCardPath(pathname: string): { nfcUID: string; isOwnerPreview: boolean } | null {
  const match = PUBLIC_CARD_PATH.exec(pathname);
  if (!match?.[2]) return null;
  try {
    return { nfcUID: decodeURIComponent(match[2]), isOwnerPreview: match[1] === 'my-display-card' };
  } catch {
    return null;
  }
}
