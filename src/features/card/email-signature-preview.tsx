// Shows the signature's own HTML as a mail client will. Its inline styles are what mail clients need,
// but the app's Content-Security-Policy refuses style attributes in markup; styles set through the
// CSSOM are allowed. So the markup is parsed inert (DOMParser runs and loads nothing) with its style
// attributes renamed (Chromium reports them even there), and rebuilt here element by element, each
// style given through `style.cssText`. The HTML is ours (email-signature.ts escapes every quote in a
// value), so ` style="` can only be an attribute.
import { useEffect, useRef } from 'react';

const ELEMENTS = new Set(['TABLE', 'TBODY', 'TR', 'TD', 'DIV', 'SPAN', 'A', 'IMG']);
const ATTRIBUTES = ['href', 'src', 'alt', 'width', 'height', 'cellpadding', 'cellspacing', 'border'];

function rebuild(source: Node): Node | null {
  if (source.nodeType === Node.TEXT_NODE) return document.createTextNode(source.textContent ?? '');
  if (!(source instanceof Element) || !ELEMENTS.has(source.tagName)) return null;
  const element = document.createElement(source.tagName.toLowerCase());
  for (const name of ATTRIBUTES) {
    const value = source.getAttribute(name);
    if (value !== null) element.setAttribute(name, value);
  }
  element.style.cssText = source.getAttribute('data-style') ?? '';
  for (const child of source.childNodes) {
    const rebuilt = rebuild(child);
    if (rebuilt) element.append(rebuilt);
  }
  return element;
}

export function EmailSignaturePreview({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLElement>(null);

  useEffect(() => {
    const parsed = new DOMParser().parseFromString(html.replaceAll(' style="', ' data-style="'), 'text/html');
    const nodes = [...parsed.body.childNodes].map(rebuild).filter((node) => node !== null);
    container.current?.replaceChildren(...nodes);
  }, [html]);

  return <figure ref={container} className={className} aria-label="Preview of your e-mail signature" />;
}
