import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { createCardOwner, listContactsOf, logInByApi, ownerCard } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { InvitationsPage } from './pages/invitations-page';
import { LoginPage } from './pages/login-page';

type ContactSeen = { name: string; email: string; nfcUID: string | null; fromInvitation: boolean };

async function saveCardByApi(request: APIRequestContext, saver: NewUser, nfcUID: string): Promise<void> {
  const token = await logInByApi(request, saver);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

async function contactsOf(request: APIRequestContext, user: NewUser): Promise<ContactSeen[]> {
  return (await listContactsOf(request, user)) as unknown as ContactSeen[];
}

test('the owner of a saved card accepts the saver’s invitation and both have each other @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser: saver,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await saveCardByApi(request, saver, owner.nfcUID);

  await new LoginPage(page).goto();
  await new LoginPage(page).logIn(owner.user.email, owner.user.password);
  await expect(page).toHaveURL(/\/contacts$/);
  const invitations = new InvitationsPage(page);
  await invitations.goto();
  const invitation = invitations.invitationFrom(saver.name);
  await expect(invitation).toBeVisible();
  await expect(invitation).toContainText(saver.email);
  await expectNoSeriousAxeViolations(page);

  await invitations.accept(saver.name).click();
  await expect(invitations.toast('Invitation accepted!')).toBeVisible();
  await expect(invitations.empty).toBeVisible();

  expect((await contactsOf(request, saver)).map((contact) => contact.nfcUID)).toEqual([owner.nfcUID]);
  expect(await contactsOf(request, owner.user)).toEqual([
    expect.objectContaining({ name: saver.name, email: saver.email, nfcUID: null, fromInvitation: true }),
  ]);
  await invitations.back.click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText(saver.name).first()).toBeVisible();

  await invitations.goto();
  await expect(invitations.empty).toBeVisible();
});

test('denying an invitation removes it and adds nobody', async ({
  page,
  request,
  mailbox,
  verifiedUser: saver,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await saveCardByApi(request, saver, owner.nfcUID);

  await new LoginPage(page).goto();
  await new LoginPage(page).logIn(owner.user.email, owner.user.password);
  await expect(page).toHaveURL(/\/contacts$/);
  const invitations = new InvitationsPage(page);
  await invitations.goto();
  await invitations.deny(saver.name).click();
  await expect(invitations.toast('Invitation denied.')).toBeVisible();
  await expect(invitations.empty).toBeVisible();
  expect(await contactsOf(request, owner.user)).toEqual([]);

  await page.reload();
  await expect(invitations.empty).toBeVisible();
});

test('a member without invitations is told none are pending', async ({ page, verifiedUser }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).logIn(verifiedUser.email, verifiedUser.password);
  await expect(page).toHaveURL(/\/contacts$/);
  const invitations = new InvitationsPage(page);
  await invitations.goto();
  await expect(invitations.heading).toBeVisible();
  await expect(invitations.empty).toBeVisible();
  await expect(page.getByText(ownerCard.name)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('without a session /invitations goes to the login page', async ({ page }) => {
  await page.goto('/invitations');
  await expect(page).toHaveURL(/\/login/);
});
