// The documentation stays navigable: the README stays a short front door, and no link in it, in
// docs/ or in a folder README leads nowhere (a moved file or a renamed heading breaks a link silently).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 150;
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  'test-results',
  'playwright-report',
]);

function markdownUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      return name.startsWith('.') || SKIPPED_FOLDERS.has(name) ? [] : markdownUnder(path);
    }
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The docs a contributor reads: the README, everything in docs/, and every folder README. */
function documentationFiles(): string[] {
  const folderReadmes = ['contract', 'server', 'src', 'sw', 'tests', 'bench', 'scripts']
    .filter((folder) => existsSync(join(ROOT, folder)))
    .flatMap((folder) => markdownUnder(join(ROOT, folder)))
    .filter((path) => path.endsWith('README.md'));
  return [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs')), ...folderReadmes];
}

/** Markdown outside fenced blocks and inline code, where a `](…)` is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as dashes. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, text] of proseOf(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = (text ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

function relativeLinks(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  return relativeLinks(markdown).flatMap((link) => {
    const [pathPart = '', anchor] = link.split('#');
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(target)) return [`${link} (no such file)`];
    if (anchor === undefined || statSync(target).isDirectory() || !target.endsWith('.md')) return [];
    return headingAnchors(readFileSync(target, 'utf8')).has(anchor) ? [] : [`${link} (no such heading)`];
  });
}

describe('documentation', () => {
  it(`keeps the README at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has docs/ files for the README to point at', () => {
    expect(markdownUnder(join(ROOT, 'docs')).length).toBeGreaterThan(0);
  });

  it('links only to files and headings that exist', () => {
    const broken = documentationFiles().flatMap((file) =>
      brokenLinks(file).map((link) => `${relative(ROOT, file)}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('finds a link that leads nowhere', () => {
    const markdown = '[ok](#a-heading) [gone](#missing) `[code](nowhere.md)`\n\n## A heading\n';
    expect(relativeLinks(markdown)).toEqual(['#a-heading', '#missing']);
    expect([...headingAnchors(markdown)]).toEqual(['a-heading']);
  });
});
