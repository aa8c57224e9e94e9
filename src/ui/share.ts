// The system share sheet where there is one, else the clipboard (spec §4 Share, and the card link on
// /my-card); the caller says what happened. A share the member cancelled is not a failure.
export interface Shareable {
  title: string;
  text: string;
  url: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function shareContent(content: Shareable): Promise<ShareOutcome> {
  const data = { title: content.title, text: content.text, ...(content.url ? { url: content.url } : {}) };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (isCancelled(error)) return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(
      [content.title, content.text, content.url].filter(Boolean).join('\n\n'),
    );
    return 'copied';
  } catch {
    return 'failed';
  }
}
