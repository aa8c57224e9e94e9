// The card owner's accent colour (issue 26) on the page's brand colour: the server-rendered page has it
// from its first paint (server/modules/card-pages), a page rendered here gets it once the card is known.
import { ACCENT_PATTERN, ACCENT_PROPERTIES } from '../../../contract/card-extras';

/** Sets the accent on the page; the function it returns puts the house colour back. */
export function showAccent(accent: string): () => void {
  if (!ACCENT_PATTERN.test(accent)) return () => undefined;
  const { style } = document.documentElement;
  for (const property of ACCENT_PROPERTIES) style.setProperty(property, accent);
  return () => {
    for (const property of ACCENT_PROPERTIES) style.removeProperty(property);
  };
}
