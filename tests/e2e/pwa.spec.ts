// The app as an installable, offline-capable PWA, and its Content-Security-Policy.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { waitForServiceWorkerControl } from './service-worker';

test('after one visit the app shell loads with the network off', async ({ page, context }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(loginPage.submit).toBeVisible();

  // Routes never visited come from the precached shell too (navigation fallback to index.html).
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('before this device keeps a copy of the app', () => {
  // No service worker: a screen not opened yet has its code on the server only.
  test.use({ serviceWorkers: 'block' });

  test('a screen opened offline says it is not on this device yet, and Try again opens it once back online', async ({
    page,
    context,
    verifiedUser,
  }) => {
    await new LoginPage(page).signIn(verifiedUser);
    await context.setOffline(true);
    await new ContactsPage(page).settingsMenu.click();
    await page
      .getByRole('menu', { name: 'Settings menu' })
      .getByRole('menuitem', { name: 'My Card' })
      .click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'This screen could not be opened' }),
    ).toBeVisible();
    await expect(page.getByText('You are offline, and this screen is not on this device yet.')).toBeVisible();
    await expect(page.getByText('Check your connection and try again.')).toBeVisible();
    await expect(page.getByText(/Hey developer/)).toBeHidden();
    // Still under the app header: Invitations and the menu are a tap away.
    await expect(
      page.getByRole('navigation', { name: 'Tapnet' }).getByRole('link', { name: 'Invitations' }),
    ).toBeVisible();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(new MyCardPage(page).heading).toBeVisible();
  });
});

test('Chromium finds nothing that keeps the app from being installed', async ({ baseURL }, testInfo) => {
  // A normal Playwright context is incognito, which Chromium reports as an installability error.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...chromiumLaunchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await waitForServiceWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('public pages load under a Content-Security-Policy without violating it @desktop', async ({ page }) => {
  // The cspViolations fixture fails the test on any violation on these pages.
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password/not-a-real-token']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('main')).toBeVisible();
  }
});
