// /map: a member's located contacts on a map that also works with the network off.

import type { APIRequestContext } from '@playwright/test';
import { placeTileUrls, tileOf } from '../../src/map/place-tiles';
import { STAND_IN_STYLE_PATH, startTileStandIn, tileStandInPort } from '../support/map-tile-stand-in';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, giveContacts, logInByApi, ownerCard } from './cards';
import { expect, type Mailbox, type NewUser, test } from './fixtures';
import { mapPixels } from './map-pixels';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { MapPage } from './pages/map-page';
import { SettingsPage } from './pages/settings-page';
import { waitForServiceWorkerControl } from './service-worker';

const LONDON = { lat: 51.5074, lng: -0.1278 };
const LYON = { lat: 45.764, lng: 4.8357 };
const DESKTOP = { width: 1280, height: 800 };
const DAY_MS = 86_400_000;

async function setCurrentEvent(request: APIRequestContext, member: NewUser, event: string | null) {
  const token = await logInByApi(request, member);
  const set = await request.put('/api/contact/current-event', {
    data: { event },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(set.status(), await set.text()).toBe(200);
}

/** Saves the card with the place where the two met, as the public card page does. */
async function saveCardAt(
  request: APIRequestContext,
  saver: NewUser,
  nfcUID: string,
  place: { lat: number; lng: number } = LONDON,
): Promise<void> {
  const token = await logInByApi(request, saver);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID, ...place },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** A new card owner, saved by `saver` as met at `place`. */
async function saveCardOwnerAt(
  request: APIRequestContext,
  mailbox: Mailbox,
  saver: NewUser,
  place: { lat: number; lng: number } = LONDON,
): Promise<void> {
  const { nfcUID } = await createCardOwner(request, mailbox);
  await saveCardAt(request, saver, nfcUID, place);
}

/** The service worker keeps the tiles around saved places in the background, a few hundred of them. */
const KEEPING_TILES_TIMEOUT_MS = 30_000;

test('a saved contact shows on the map with its name and date added, online and offline @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  await saveCardOwnerAt(request, mailbox, verifiedUser);
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
  await expect(popup.getByText('Met near London, United Kingdom')).toBeVisible();
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
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to load your contacts for the map.' }),
  ).toBeVisible();

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
  await saveCardOwnerAt(request, mailbox, verifiedUser);
  await new LoginPage(page).signIn(verifiedUser);
  const mapPage = new MapPage(page);
  await mapPage.goto();
  await mapPage.marker(ownerCard.name).click();
  await mapPage.waitForBasemap();

  await expectNoSeriousAxeViolations(page);
});

test('the map is in the contacts menu, and the contact says where they met @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await saveCardOwnerAt(request, mailbox, verifiedUser, LYON);
  await new LoginPage(page).signIn(verifiedUser);
  await new ContactsPage(page).completeActivationLater();
  await expect(page.getByText('Met near Lyon, France').first()).toBeVisible();

  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await expect(new MapPage(page).marker(ownerCard.name)).toBeVisible();
});

test('two contacts met at one place are one marker that lists both names @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  const grace = await createCardOwner(request, mailbox);
  const katherine = await createCardOwner(request, mailbox);
  const renamed = await request.post('/api/user/updateBusinessCard', {
    data: { ...ownerCard, name: 'Katherine Johnson', email: 'katherine@example.test' },
    headers: { Authorization: `Bearer ${await logInByApi(request, katherine.user)}` },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await saveCardAt(request, verifiedUser, grace.nfcUID, LYON);
  await saveCardAt(request, verifiedUser, katherine.nfcUID, LYON);
  await new LoginPage(page).signIn(verifiedUser);

  const mapPage = new MapPage(page);
  await mapPage.goto();
  const group = mapPage.groupMarker(2);
  await expect(group).toHaveAccessibleName(/Grace Hopper/);
  await expect(group).toHaveAccessibleName(/Katherine Johnson/);
  await mapPage.waitForBasemap();

  // By keyboard: the group marker takes the focus, Enter opens the list of everyone met there.
  await group.focus();
  await page.keyboard.press('Enter');
  const list = mapPage.popup.getByRole('list', { name: '2 contacts met here' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Grace Hopper')).toBeVisible();
  await expect(list.getByText('Katherine Johnson')).toBeVisible();
  await expect(list.getByText('Met near Lyon, France')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('map-group.png') });
  await expectNoSeriousAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(mapPage.popup).toHaveCount(0);
  await expect(group).toBeFocused();

  // Each name in the group opens that contact.
  await group.click();
  await list.getByRole('link', { name: 'Katherine Johnson' }).click();
  await expect(page).toHaveURL(/\/contacts\?contact=/);
  await expect(new ContactsPage(page).cardName).toHaveText('Katherine Johnson');
});

test('the map narrows to one event and a recent time, and a name in a cluster opens that contact @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  await setCurrentEvent(request, verifiedUser, 'Web Summit 2026');
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Katherine Johnson', ...LYON },
    { name: 'Dorothy Vaughan', ...LYON },
  ]);
  await setCurrentEvent(request, verifiedUser, null);
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Mary Jackson', ...LONDON }]);
  await new LoginPage(page).signIn(verifiedUser);

  const mapPage = new MapPage(page);
  await mapPage.goto();
  await expect(mapPage.map).toHaveAccessibleName('Map of 3 contacts');
  await expect(mapPage.marker('Mary Jackson')).toBeVisible();
  await mapPage.waitForBasemap();
  await page.screenshot({ path: testInfo.outputPath('map-world.png') });

  // By event: only the two met at the summit, drawn again around Lyon.
  await mapPage.event.selectOption('Web Summit 2026');
  await expect(mapPage.map).toHaveAccessibleName('Map of 2 contacts');
  await expect(mapPage.marker('Mary Jackson')).toHaveCount(0);
  const group = mapPage.groupMarker(2);
  await expect(group).toHaveAccessibleName(/Katherine Johnson/);
  await mapPage.waitForBasemap();
  await group.click();
  const list = mapPage.popup.getByRole('list', { name: '2 contacts met here' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('map-event-cluster.png') });
  await expectNoSeriousAxeViolations(page);

  // A name in the cluster opens that contact.
  await list.getByRole('link', { name: 'Dorothy Vaughan' }).click();
  await expect(page).toHaveURL(/\/contacts\?contact=/);
  await expect(new ContactsPage(page).cardName).toHaveText('Dorothy Vaughan');

  // By time, ten days from now in the browser (set last: the session's tokens would look expired):
  // everyone was met more than a week ago and less than a month ago.
  await page.goBack();
  await expect(mapPage.map).toHaveAccessibleName('Map of 3 contacts');
  await page.clock.setFixedTime(Date.now() + 10 * DAY_MS);
  await mapPage.when.selectOption('Past 7 days');
  await expect(mapPage.noMatch).toBeVisible();
  await expect(mapPage.canvas).toHaveCount(0);
  await mapPage.when.selectOption('Past 30 days');
  await expect(mapPage.map).toHaveAccessibleName('Map of 3 contacts');
});

// The public tile server cannot be reached from here: the e2e server's MAP_STYLE_URL points at a
// stand-in on loopback (tests/support/map-tile-stand-in.ts), the one boundary these journeys mock.
// Serial: the second journey needs that server down, the first needs it up.
test.describe('the online basemap', () => {
  test.describe.configure({ mode: 'serial' });

  test('draws the style with its tiles, glyphs and sprite from the tile server, and offline once seen', async ({
    page,
    context,
    request,
    mailbox,
    verifiedUser,
  }, testInfo) => {
    const standIn = await startTileStandIn(tileStandInPort());
    try {
      await saveCardOwnerAt(request, mailbox, verifiedUser, LYON);
      await new LoginPage(page).signIn(verifiedUser);
      await waitForServiceWorkerControl(page);
      const mapPage = new MapPage(page);
      await mapPage.goto();
      await mapPage.waitForBasemap();
      await expect(mapPage.fallbackNote).toHaveCount(0);
      // Each request reached the stand-in, so the CSP let the page (and the map's worker) fetch them.
      await expect.poll(() => standIn.requested).toContain(STAND_IN_STYLE_PATH);
      await expect.poll(() => standIn.requested.some((path) => path.startsWith('/tiles/'))).toBe(true);
      await expect.poll(() => standIn.requested.some((path) => path.startsWith('/fonts/'))).toBe(true);
      await expect.poll(() => standIn.requested.some((path) => path.startsWith('/sprites/'))).toBe(true);
      await expect(page.getByText('Stand-in tiles')).toBeAttached();

      await mapPage.marker(ownerCard.name).click();
      await expect(mapPage.popup.getByText('Met near Lyon, France')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('map-online.png') });

      // The service worker kept the style and the tiles seen: with the tile server gone and no network,
      // the same place is drawn from them, not from the outline.
      await standIn.close();
      await context.setOffline(true);
      await page.reload();
      await mapPage.waitForBasemap();
      await expect(page.getByText('Stand-in tiles')).toBeAttached();
      await expect(mapPage.fallbackNote).toHaveCount(0);
      await context.setOffline(false);
    } finally {
      await standIn.close();
    }
  });

  test('keeps the tiles around the places where people were met, and shows them there offline at street zoom', async ({
    page,
    context,
    request,
    mailbox,
    verifiedUser,
  }, testInfo) => {
    test.slow();
    const standIn = await startTileStandIn(tileStandInPort());
    try {
      await setCurrentEvent(request, verifiedUser, 'Lyon Expo');
      await giveContacts(request, mailbox, verifiedUser, [{ name: 'Katherine Johnson', ...LYON }]);
      await setCurrentEvent(request, verifiedUser, null);
      await giveContacts(request, mailbox, verifiedUser, [{ name: 'Mary Jackson', ...LONDON }]);
      await new LoginPage(page).signIn(verifiedUser);
      await waitForServiceWorkerControl(page);

      // Online, the map opens on both places at once: far from street zoom.
      const mapPage = new MapPage(page);
      await mapPage.goto();
      await expect(mapPage.map).toHaveAccessibleName('Map of 2 contacts');
      await mapPage.waitForBasemap();
      await expect(mapPage.fallbackNote).toHaveCount(0);
      // In the background the service worker fetches the street tiles around both places (the stand-in's
      // tiles are 256 px, so the map's zoom 15 is their 16) and keeps them.
      // A few hundred tiles: on a loaded machine that takes longer than a screen's usual wait.
      const lyonStreet = tileOf(LYON, 16);
      await expect
        .poll(() => standIn.requested, { timeout: KEEPING_TILES_TIMEOUT_MS })
        .toContain(`/tiles/16/${lyonStreet.x}/${lyonStreet.y}.png`);
      const expected = placeTileUrls(
        [LONDON, LYON],
        [{ templates: [`${standIn.origin}/tiles/{z}/{x}/{y}.png`], minZoom: 0, maxZoom: 19, tileSize: 256 }],
      );
      await expect
        .poll(
          () =>
            page.evaluate(async () =>
              (await (await caches.open('tapnet-map-places')).keys()).map((request) => request.url).sort(),
            ),
          { timeout: KEEPING_TILES_TIMEOUT_MS },
        )
        .toEqual([...expected].sort());

      // No network and no tile server: narrowed to Lyon's event, the map opens at the contact's street
      // zoom and draws the online map's tiles there, never seen before but kept.
      await standIn.close();
      await context.setOffline(true);
      await page.reload();
      await mapPage.event.selectOption('Lyon Expo');
      await expect(mapPage.map).toHaveAccessibleName('Map of 1 contact');
      await mapPage.waitForBasemap();
      await expect(mapPage.fallbackNote).toHaveCount(0);
      await expect.poll(async () => (await mapPixels(page)).shareOf([214, 232, 200])).toBeGreaterThan(0.9);
      await page.screenshot({ path: testInfo.outputPath('map-offline-street-online-tiles-phone.png') });
      await page.setViewportSize(DESKTOP);
      await expect.poll(async () => (await mapPixels(page)).shareOf([214, 232, 200])).toBeGreaterThan(0.9);
      await page.screenshot({ path: testInfo.outputPath('map-offline-street-online-tiles-desktop.png') });
      await context.setOffline(false);

      // Whoever uses the device next must not learn where this member met people.
      const settingsPage = new SettingsPage(page);
      await settingsPage.goto();
      await settingsPage.logOut.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('tapnet-map-places');
    } finally {
      await standIn.close();
    }
  });

  test('falls back to the world map, and says so, while the tile server is down; offline it names places and stops where it has no detail', async ({
    page,
    context,
    request,
    mailbox,
    verifiedUser,
  }, testInfo) => {
    // The map is drawn four times (online, offline at two sizes, the world), each read back as pixels.
    test.slow();
    await saveCardOwnerAt(request, mailbox, verifiedUser, LYON);
    await new LoginPage(page).signIn(verifiedUser);
    await waitForServiceWorkerControl(page);
    const mapPage = new MapPage(page);
    await mapPage.goto();
    await mapPage.waitForBasemap();
    await expect(mapPage.fallbackNote).toBeVisible();
    await expect(mapPage.marker(ownerCard.name)).toBeVisible();
    await expect(page.getByText('Natural Earth, GeoNames')).toBeAttached();
    await page.screenshot({ path: testInfo.outputPath('map-fallback.png') });

    // Offline too, from the service worker's copy: one contact opens at the closest zoom the simple map
    // has (not the street zoom it cannot draw), with the towns around named, and it says why it stops.
    await context.setOffline(true);
    await page.reload();
    await mapPage.waitForBasemap();
    await expect(mapPage.zoomCapNote).toBeVisible();
    await expect(mapPage.zoomIn).toBeDisabled();
    await expect.poll(async () => (await mapPixels(page)).inkShare).toBeGreaterThan(0.002);
    await page.screenshot({ path: testInfo.outputPath('map-offline-closest-phone.png') });
    await page.setViewportSize(DESKTOP);
    await expect.poll(async () => (await mapPixels(page)).inkShare).toBeGreaterThan(0.002);
    await page.screenshot({ path: testInfo.outputPath('map-offline-closest-desktop.png') });

    // Out to the whole world: the note goes, and the countries are named.
    for (let step = 0; step < 5; step++) await mapPage.zoomOut.click();
    await expect(mapPage.zoomCapNote).toHaveCount(0);
    await expect(mapPage.zoomIn).toBeEnabled();
    await expect.poll(async () => (await mapPixels(page)).inkShare).toBeGreaterThan(0.002);
    await page.screenshot({ path: testInfo.outputPath('map-offline-world-desktop.png') });
    await context.setOffline(false);
  });
});
