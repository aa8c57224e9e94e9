// Sessions everyone can see (issue 30 point 4): a member signed in on a laptop and on a phone ends the
// phone's session from Settings > Signed-in Devices; the phone is signed out at its next request.
import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('a member ends the session of another device, which is signed out at once @desktop', async ({
  page,
  browser,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const { baseURL } = test.info().project.use;
  const phoneContext = await browser.newContext({
    baseURL,
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
  });
  const phone = await phoneContext.newPage();
  await new LoginPage(phone).signIn(verifiedUser);

  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.entry('Signed-in Devices').click();
  await expect(page.getByRole('heading', { name: 'Signed-in Devices', level: 1 })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  const endPhone = sessions.getByRole('button', { name: /^End session: Safari on iOS/ });
  await expect(endPhone).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('sessions.png'), fullPage: true });

  await endPhone.click();
  await expect(page.getByText('Signed out Safari on iOS.')).toBeVisible();
  await expect(endPhone).toHaveCount(0);

  // The phone's next request is refused, and so is its refresh: it is back at the login.
  await phone.goto('/sessions');
  await expect(phone).toHaveURL(/\/login/);
  await phoneContext.close();
});
