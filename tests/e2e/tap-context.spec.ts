// The pages a tap leads to say why the user is there (issue 10): whose card is being saved, which card
// is being activated; and the sign-in screens handle a wrong code and a dead reset link plainly.
import { verificationCodeIn } from '../support/mail-content';
import { createCardOwner, issueCard, listContactsOf, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { PublicCardPage } from './pages/public-card-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';

test('an anonymous Save Contact says whose card is saved, saves it after sign-up, and does not push a card on the newcomer', async ({
  page,
  request,
  mailbox,
  newUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await card.saveContact.click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText(`Saving ${ownerCard.name} to your contacts`)).toBeVisible();
  await expect(
    page.getByText(
      `Create your account and verify your e-mail: ${ownerCard.name} is then saved to your contacts.`,
    ),
  ).toBeVisible();
  // Members are offered to log in instead, and the login screen says the same.
  await page.getByRole('link', { name: 'Log in to save it' }).click();
  await expect(
    page.getByText(`Log in and ${ownerCard.name} is saved to your contacts at once.`),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Create an account to save it' }).click();

  const register = new RegisterPage(page);
  await register.register(newUser);
  const mail = await mailbox.waitForMail(newUser.email, { subject: 'verification code' });
  await register.enterCode(verificationCodeIn(mail));
  await register.verify.click();

  const contacts = new ContactsPage(page);
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(contacts.toast('Contact saved successfully!')).toBeVisible();
  await expect(contacts.cardName).toHaveText(ownerCard.name);
  // Someone who joined to save a card is offered activation quietly, not stopped by a modal.
  await expect(contacts.activationOffer).toBeVisible();
  await expect(contacts.activationPrompt).toBeHidden();
  expect((await listContactsOf(request, newUser)).map((contact) => contact.nfcUID)).toEqual([owner.nfcUID]);
});

test('a member who taps their new unclaimed card logs in from the activation screen and the card is activated', async ({
  page,
  request,
  verifiedUser,
}) => {
  const nfcUID = await issueCard(request);
  const card = new PublicCardPage(page);
  await card.goto(nfcUID);
  await card.activate.click();

  await expect(page.getByRole('heading', { name: 'Activate your Tapnet card' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in to activate it' }).click();
  await expect(page.getByRole('heading', { name: 'Activate your Tapnet card' })).toBeVisible();
  await expect(
    page.getByText(`Log in and card ${nfcUID.split('-').at(-1)} is linked to your account`),
  ).toBeVisible();
  await new LoginPage(page).logIn(verifiedUser.email, verifiedUser.password);

  const myCard = new MyCardPage(page);
  await expect(page).toHaveURL(/\/my-card$/);
  await expect(myCard.congratulations).toBeVisible();
  await expect(myCard.activeBadge).toBeVisible();
});

test('a wrong verification code is cleared from the boxes, with the focus back on the first one', async ({
  page,
  mailbox,
  newUser,
}) => {
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser);
  const code = verificationCodeIn(await mailbox.waitForMail(newUser.email, { subject: 'verification code' }));
  const wrongCode = [...code].map((digit) => String((Number(digit) + 1) % 10)).join('');

  await register.enterCode(wrongCode);
  await register.verify.click();
  await expect(page.getByRole('alert').filter({ hasText: /^Verification failed: / })).toBeVisible();
  for (const box of await register.codeDigits.all()) await expect(box).toHaveValue('');
  await expect(register.codeDigits.first()).toBeFocused();

  await page.keyboard.type(code);
  await register.verify.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a dead reset link says the reset failed and why', async ({ page }) => {
  await page.goto('/reset-password/not-a-live-reset-token');
  const reset = new ResetPasswordPage(page);
  await reset.setPassword('Difference2Engine');
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Failed to reset password. Please try again. This reset link is invalid or has expired. Please request a new one.',
  );
  await expect(reset.submit).toHaveText('Reset password');
});
