// Loads the built client (dist/index.html, Vite's manifest) and the SSR bundle (dist-ssr/), and turns a
// card lookup into a complete HTML page. Only built artifacts are read: the server never imports src/.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CardLookupResult, Tap } from '../../../contract/card';
import { accentCss } from '../../../contract/card-extras';
import { CARD_MESSAGE_KINDS } from '../../../contract/card-paths';
import type { CardLookup } from '../cards';

/** The page's data is the client's own lookup result (contract/card.ts); the SSR bundle renders from it. */
export type CardPageData = CardLookupResult;

/** What src/entry-server.tsx exports (built into dist-ssr/entry-server.js). */
interface SsrModule {
  renderCardPage(pathname: string, data: CardPageData): { head: string; markup: string; data: string } | null;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const PUBLIC_CARD_ENTRY = 'src/public-card-entry.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';

export function toCardPageData(nfcUID: string, found: CardLookup, tap?: Tap): CardPageData {
  if ('card' in found) return { kind: 'card', card: found.card, ...(tap ? { tap } : {}) };
  return { kind: CARD_MESSAGE_KINDS[found.error.code], nfcUID };
}

/** Every chunk the public card entry loads, so the page can preload them and link their CSS up front. */
function publicCardAssets(manifest: Record<string, ManifestChunk>): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(PUBLIC_CARD_ENTRY);
  return { scripts: [...scripts], styles: [...styles] };
}

export type RenderCardPage = (pathname: string, data: CardPageData) => string | null;

export interface CardPageRenderer {
  render: RenderCardPage;
  /** The CSP source that allows the page's one inline style element. */
  styleSource: string;
  /** The CSP source that allows the page's one inline script, the hydration bootstrap. */
  scriptSource: string;
}

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page's CSS goes inline: a stylesheet link is a request the card's first paint waits for, and on
 * a mobile network that wait is most of the page's time to LCP. The hash lets the CSP allow exactly it.
 */
function inlineStyles(staticDir: string, files: string[]): { element: string; source: string } {
  const css = files.map((file) => readFileSync(resolve(staticDir, file), 'utf8')).join('\n');
  return { element: `<style>${css}</style>`, source: sha256Source(css) };
}

/**
 * A card's accent colour (issue 26) as its own small style element, there from the first paint; its hash
 * goes into that page's Content-Security-Policy (routes.ts), as the page's other inline sources do.
 */
export function accentStyleOf(data: CardPageData): { element: string; source: string } | null {
  const css = data.kind === 'card' ? accentCss(data.card.accent) : '';
  return css ? { element: `<style>${css}</style>`, source: sha256Source(css) } : null;
}

/**
 * The card is complete without script, so no script may start before it is on screen: a module script
 * or preload in the document races the first paint, and when it wins the paint waits for it (on a slow
 * phone, for the whole download and run). The bootstrap waits for the first contentful paint to be
 * reported, which happens only once that frame is displayed (a frame callback alone is not enough on
 * a busy phone: the next task can run before the frame reaches the screen), then preloads the entry's
 * chunks in parallel and loads the entry, which hydrates the card. A tap on a button before then is
 * kept and replayed once the card is hydrated.
 */
function hydrationBootstrap(entry: string, chunks: string[]): { element: string; source: string } {
  const code = [
    'const load = () => {',
    `  for (const href of ${JSON.stringify(chunks.map((file) => `/${file}`))}) {`,
    "    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });",
    "    link.crossOrigin = '';",
    '    document.head.append(link);',
    '  }',
    `  import(${JSON.stringify(`/${entry}`)});`,
    '};',
    // Until the card is hydrated a button does nothing: its tap is kept and given back after (public-card-entry.tsx).
    "document.addEventListener('click', (event) => {",
    "  const button = event.target instanceof Element ? event.target.closest('button') : null;",
    '  const html = document.documentElement;',
    "  if (!button || html.hasAttribute('data-hydrated')) return;",
    '  event.preventDefault();',
    '  event.stopPropagation();',
    "  html.setAttribute('data-early-tap', String([...document.querySelectorAll('button')].indexOf(button)));",
    '}, true);',
    "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {",
    '  new PerformanceObserver((list, observer) => {',
    "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
    '    observer.disconnect();',
    '    setTimeout(load);',
    "  }).observe({ type: 'paint', buffered: true });",
    '} else requestAnimationFrame(() => setTimeout(load));',
  ].join('\n');
  return { element: `<script type="module">${code}</script>`, source: sha256Source(code) };
}

/** Null when the client or its SSR bundle has not been built: the shell then renders the card itself. */
export async function loadCardPageRenderer(
  staticDir: string,
  ssrDir: string,
): Promise<CardPageRenderer | null> {
  const templatePath = resolve(staticDir, 'index.html');
  const manifestPath = resolve(staticDir, '.vite', 'manifest.json');
  const ssrEntry = resolve(ssrDir, 'entry-server.js');
  if (![templatePath, manifestPath, ssrEntry].every((path) => existsSync(path))) return null;

  const template = readFileSync(templatePath, 'utf8');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const ssr = (await import(pathToFileURL(ssrEntry).href)) as SsrModule;
  const { scripts, styles } = publicCardAssets(manifest);
  // The shell's own stylesheets go inline with the card's, so no stylesheet link is left to wait for.
  const shellStyles = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>\s*/g)];
  const style = inlineStyles(staticDir, [
    ...shellStyles.map((match) => match[1] ?? ''),
    ...styles.filter((file) => !shellStyles.some((match) => match[1] === file)),
  ]);
  // The shell's entry script (main.tsx) picks the public card entry from the URL; it runs after the paint.
  const entryScript = template.match(/<script type="module"[^>]*src="\/([^"]+)"[^>]*><\/script>\s*/);
  if (!entryScript?.[1]) return null;
  const bootstrap = hydrationBootstrap(
    entryScript[1],
    scripts.filter((file) => file !== entryScript[1]),
  );
  let shellHead = template
    .replace(entryScript[0], '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  for (const [link] of shellStyles) shellHead = shellHead.replace(link, '');

  const render: RenderCardPage = (pathname, data) => {
    const page = ssr.renderCardPage(pathname, data);
    if (!page) return null;
    const accent = accentStyleOf(data)?.element ?? '';
    return shellHead
      .replace('</head>', `  ${page.head}\n    ${style.element}${accent}\n  </head>`)
      .replace(
        ROOT_ELEMENT,
        `<div id="root">${page.markup}</div>\n    ${page.data}\n    ${bootstrap.element}`,
      );
  };
  return { render, styleSource: style.source, scriptSource: bootstrap.source };
}
