// Loads the built client (dist/index.html, Vite's manifest) and the SSR bundle (dist-ssr/), and turns a
// card lookup into a complete HTML page. Only built artifacts are read: the server never imports src/.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CardLookupError, CardLookupResult } from '../../../contract/card';
import type { CardLookup } from '../cards/lookup';

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

export function toCardPageData(nfcUID: string, found: CardLookup): CardPageData {
  if ('card' in found) return { kind: 'card', card: found.card };
  const code: CardLookupError['code'] = found.error.code;
  return { kind: code === 'CARD_UNCLAIMED' ? 'unclaimed' : 'not-found', nfcUID };
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
}

/**
 * The page's CSS goes inline: a stylesheet link is a request the card's first paint waits for, and on
 * a mobile network that wait is most of the page's time to LCP. The hash lets the CSP allow exactly it.
 */
function inlineStyles(staticDir: string, files: string[]): { element: string; source: string } {
  const css = files.map((file) => readFileSync(resolve(staticDir, file), 'utf8')).join('\n');
  const hash = createHash('sha256').update(css).digest('base64');
  return { element: `<style>${css}</style>`, source: `'sha256-${hash}'` };
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
  const linkedScripts = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const preloads = scripts
    .filter((file) => !linkedScripts.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
    .join('\n    ');
  let shellHead = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  for (const [link] of shellStyles) shellHead = shellHead.replace(link, '');

  const render: RenderCardPage = (pathname, data) => {
    const page = ssr.renderCardPage(pathname, data);
    if (!page) return null;
    return shellHead
      .replace('</head>', `  ${page.head}\n    ${style.element}\n    ${preloads}\n  </head>`)
      .replace(ROOT_ELEMENT, `<div id="root">${page.markup}</div>\n    ${page.data}`);
  };
  return { render, styleSource: style.source };
}
