// /map: a member's located contacts on a map that also works with the network off.

import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, logInByApi, ownerCard } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { MapPage } from './pages/map-page';
import { SettingsPage } from './pages/settings-page';
import { waitForServiceWorkerControl } from './service-worker';

/** Saves the card with the place where the two met, as the public card page does. */
async function saveCardAt(request: APIRequestContext, saver: NewUser, nfcUID: string): Promise<void> {
  const token = await logInByApi(request, saver);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID, lat: 51.5074, lng: -0.1278 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

test('a saved contact shows on the map with its name and date added, online and offline @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  const { nfcUID } = await createCardOwner(request, mailbox);
  await saveCardAt(request, verifiedUser, nfcUID);
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);

  const mapPage = new MapPage(page);
  await mapPage.goto();
  const marker = mapPage.marker(ownerCard.name);
  await expect(marker).toBeVisible();
  await mapPage.waitForBasemap();

  await marker.click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup.getByText(ownerCard.name)).toBeVisible();
  await expect(popup.getByText(/^Added /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map.png') });

  // Keyboard: Escape closes the popup and leaves the focus on the marker it came from.
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(marker).toBeFocused();

  await context.setOffline(true);
  await page.reload();
  await expect(mapPage.marker(ownerCard.name)).toBeVisible();
  await mapPage.waitForBasemap();
  await expect(mapPage.unavailable).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('map-offline.png') });
  await context.setOffline(false);

  await mapPage.back.click();
  await expect(page).toHaveURL(/\/contacts$/);

  // Whoever uses the device next must not find this member's contacts in the offline cache.
  expect(await page.evaluate(() => caches.keys())).toContain('tapnet-map-contacts');
  const settingsPage = new SettingsPage(page);
  await settingsPage.goto();
  await settingsPage.logOut.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('tapnet-map-contacts');
});

test('a member without located contacts is told so, and goes back to contacts', async ({
  page,
  verifiedUser,
}, testInfo) => {
  await new LoginPage(page).signIn(verifiedUser);
  const mapPage = new MapPage(page);
  await mapPage.goto();
  await expect(mapPage.empty).toBeVisible();
  await expect(mapPage.canvas).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('map-empty.png') });

  await mapPage.back.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('offline with nothing cached yet, the map says it failed and loads on a retry', async ({
  page,
  context,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  const mapPage = new MapPage(page);
  await mapPage.goto();
  await expect(page.getByRole('alert')).toContainText('Failed to load your contacts for the map.');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(mapPage.empty).toBeVisible();
});

test('the map screen has no serious accessibility problems @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const { nfcUID } = await createCardOwner(request, mailbox);
  await saveCardAt(request, verifiedUser, nfcUID);
  await new LoginPage(page).signIn(verifiedUser);
  const mapPage = new MapPage(page);
  await mapPage.goto();
  await mapPage.marker(ownerCard.name).click();
  await mapPage.waitForBasemap();

  await expectNoSeriousAxeViolations(page);
});
