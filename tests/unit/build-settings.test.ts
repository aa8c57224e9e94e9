// The build-time settings (src/config/env.ts): read once from import.meta.env, defaults for what is unset.
import { afterEach, describe, expect, it, vi } from 'vitest';

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
    expect(settings.OPERATOR_DEFAULT_EMAILS).toEqual({
      admin: 'admin@tapnet.app',
      security: 'security@tapnet.app',
    });
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
