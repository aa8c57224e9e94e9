import type { Page } from '@playwright/test';

// Once the service worker controls the page it has finished installing, so the shell is precached.
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
}
