// The build-time settings (src/config/env.ts): read once from import.meta.env, defaults for what is unset.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function loadSettings() {
  vi.resetModules();
  return import('../../src/config/env');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('build settings', () => {
  it('fall back to the README’s defaults when unset or empty', async () => {
    vi.stubEnv('VITE_SHOP_URL', '');
    const settings = await loadSettings();
    expect(settings.API_BASE).toBe('');
    // No made-up operator: the login forms start empty unless the build names one.
    expect(settings.OPERATOR_DEFAULT_EMAILS).toEqual({ admin: '', security: '' });
    expect(settings.SHOP_URL).toBe('https://shop.tapnet.app');
    expect(settings.INSIGHTS_PREFETCH).toEqual({ enabled: true, timeoutMs: 30_000, retryDelayMs: 5_000 });
  });

  it('take what the build was given, and keep the default for a number that is none', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.test');
    vi.stubEnv('VITE_ADMIN_EMAIL', 'ops@example.test');
    vi.stubEnv('VITE_INSIGHTS_PREFETCH', 'false');
    vi.stubEnv('VITE_INSIGHTS_PREFETCH_TIMEOUT_MS', '1500');
    vi.stubEnv('VITE_INSIGHTS_PREFETCH_RETRY_DELAY_MS', 'soon');
    const settings = await loadSettings();
    expect(settings.API_BASE).toBe('https://api.example.test');
    expect(settings.OPERATOR_DEFAULT_EMAILS.admin).toBe('ops@example.test');
    expect(settings.INSIGHTS_PREFETCH).toEqual({ enabled: false, timeoutMs: 1500, retryDelayMs: 5_000 });
  });

  it('prefix every API path with the API’s address', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.test');
    vi.resetModules();
    const { endpointUrl } = await import('../../src/api/transport');
    const { PublicCardPaths } = await import('../../contract/card-paths');
    expect(endpointUrl({ method: 'GET', path: PublicCardPaths.lookup }, { nfcUID: 'a b' })).toBe(
      'https://api.example.test/api/nfc/a%20b',
    );
  });
});

/** The client's source files (src/ and sw/), as paths from the repository's root. */
function clientSources(): string[] {
  return ['src', 'sw'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.tsx?$/.test(path))
      .map((path) => join(folder, path)),
  );
}

describe('import.meta.env', () => {
  it('is read in src/config/env.ts alone, so every setting is parsed once', () => {
    const readers = clientSources().filter((path) =>
      readFileSync(join(ROOT, path), 'utf8').includes('import.meta.env'),
    );
    expect(readers).toEqual([join('src', 'config', 'env.ts')]);
  });
});
