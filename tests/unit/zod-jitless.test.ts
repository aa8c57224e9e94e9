// src/zod-jitless.ts sets zod's configuration without importing zod (to keep it out of the card page's
// first script); this holds zod to reading it, so an upgrade that moves the setting fails here and not
// as a CSP violation in a member's browser.
import { expect, it } from 'vitest';

it('turns off zod’s compiled parsers before any schema is built', async () => {
  await import('../../src/zod-jitless');
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
