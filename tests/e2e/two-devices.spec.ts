// One member on two devices (issue 24): what each changed is kept. The second device is a browser
// context of its own (its own IndexedDB and storage), as a second phone or a laptop is.
import { giveContacts, logInByApi } from './cards';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { InsightPreferencesPage } from './pages/insights-pages';
import { LoginPage } from './pages/login-page';
import { secondDevice } from './second-device';

test('two devices editing insight preferences keep each other’s choices @desktop', async ({
  page,
  context,
  browser,
  request,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const phone = new InsightPreferencesPage(page);
  await phone.goto();
  await expect(phone.heading).toBeVisible();
  const laptopPage = await secondDevice(browser, verifiedUser);
  const laptop = new InsightPreferencesPage(laptopPage);
  await laptop.goto();
  await expect(laptop.heading).toBeVisible();

  // The phone loses its signal and picks an industry; meanwhile the laptop picks a technology.
  await context.setOffline(true);
  await phone.option('Industries', 'Finance').check();
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  await laptop.option('Technologies', 'Fintech').check();
  await expect(laptop.saved).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 change waiting to sync')).toBeHidden();
  const token = await logInByApi(request, verifiedUser);
  const preferencesOnServer = async () =>
    (
      await (
        await request.get('/api/user/insight-preferences', { headers: { Authorization: `Bearer ${token}` } })
      ).json()
    ).preferences as { industries: string[]; technologies: string[] };
  await expect.poll(async () => (await preferencesOnServer()).industries).toEqual(['Finance']);
  expect((await preferencesOnServer()).technologies).toEqual(['Fintech']);
  // Each device shows both choices: the phone from the merged answer, the laptop once it asks again.
  await expect(phone.option('Technologies', 'Fintech')).toBeChecked();
  await laptopPage.reload();
  await expect(laptop.option('Industries', 'Finance')).toBeChecked();
  await expect(laptop.option('Technologies', 'Fintech')).toBeChecked();
  await laptopPage.context().close();
});

test('a flag set on one device and notes written on another both stay; notes written on both keep the newer, the other text recoverable @desktop', async ({
  page,
  context,
  browser,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Grace Hopper' }]);
  await new LoginPage(page).signIn(verifiedUser);
  const phone = new ContactsPage(page);
  await phone.completeActivationLater();
  await phone.openFirst();
  await expect(phone.cardName).toHaveText('Grace Hopper');
  await phone.tab('Notes').click();
  const laptopPage = await secondDevice(browser, verifiedUser);
  const laptop = new ContactsPage(laptopPage);
  await laptop.completeActivationLater();
  await laptop.openFirst();
  await expect(laptop.cardName).toHaveText('Grace Hopper');
  await laptop.tab('Notes').click();

  // Offline, the phone flags Grace and writes notes; then the laptop writes its own notes, later.
  await context.setOffline(true);
  await phone.flagButton().click();
  await expect(phone.flagButton()).toContainText('Waiting for connection');
  await phone.notes.fill('Typed on the phone');
  await expect(page.getByText('2 changes waiting to sync')).toBeVisible();
  await laptop.notes.fill('Typed on the laptop');
  await expect(laptopPage.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toBeHidden();
  const token = await logInByApi(request, verifiedUser);
  const grace = async () =>
    (
      (await (
        await request.get('/api/contact', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { name: string; isFlagged: boolean; notes: string }[]
    ).find((contact) => contact.name === 'Grace Hopper');
  // The flag from the phone and the newer notes, the laptop's; nothing was overwritten unseen.
  await expect.poll(async () => (await grace())?.isFlagged).toBe(true);
  expect((await grace())?.notes).toBe('Typed on the laptop');
  const notice = page.getByRole('status').filter({ hasText: /Newer notes about Grace Hopper/ });
  await expect(notice).toBeVisible();
  await notice.getByText('Show the text that was not kept').click();
  await expect(notice.getByLabel('Text that was not kept')).toHaveValue('Typed on the phone');
  await expect(phone.notes).toHaveValue('Typed on the laptop');
  await page.screenshot({ path: `test-results/two-devices-notes-${test.info().project.name}.png` });

  await laptopPage.reload();
  await expect(laptop.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await laptopPage.context().close();
});
