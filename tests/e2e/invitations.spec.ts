import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, listContactsOf, logInByApi, ownerCard } from './cards';
import { expect, type Mailbox, type NewUser, test } from './fixtures';
import { InvitationsPage } from './pages/invitations-page';
import { LoginPage } from './pages/login-page';
import { waitForServiceWorkerControl } from './service-worker';

type ContactSeen = { name: string; email: string; nfcUID: string | null; fromInvitation: boolean };

/** A member holding a card that `saver` has saved, so they have the saver's invitation. */
async function ownerInvitedBy(request: APIRequestContext, mailbox: Mailbox, saver: NewUser) {
  const owner = await createCardOwner(request, mailbox);
  const token = await logInByApi(request, saver);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID: owner.nfcUID },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return owner;
}

/** Signs the card's owner in and opens their invitations: the start of every answering journey. */
async function openInvitationsAs(page: Page, user: NewUser): Promise<InvitationsPage> {
  await new LoginPage(page).signIn(user);
  const invitations = new InvitationsPage(page);
  await invitations.goto();
  return invitations;
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
  const owner = await ownerInvitedBy(request, mailbox, saver);

  const invitations = await openInvitationsAs(page, owner.user);
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
  const owner = await ownerInvitedBy(request, mailbox, saver);

  const invitations = await openInvitationsAs(page, owner.user);
  await invitations.deny(saver.name).click();
  await expect(invitations.toast('Invitation denied.')).toBeVisible();
  await expect(invitations.empty).toBeVisible();
  // Focus is not lost with the answered invitation.
  await expect(invitations.empty).toBeFocused();
  expect(await contactsOf(request, owner.user)).toEqual([]);

  await page.reload();
  await expect(invitations.empty).toBeVisible();
});

test('offline, the invitations open from their copy and an answer waits on this device until the connection returns', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser: saver,
}) => {
  const owner = await ownerInvitedBy(request, mailbox, saver);
  const invitations = await openInvitationsAs(page, owner.user);
  await expect(invitations.invitationFrom(saver.name)).toBeVisible();
  // The reload below happens offline: the shell must come from the service worker.
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await invitations.back.click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goBack();
  await expect(invitations.heading).toBeVisible();
  await expect(invitations.invitationFrom(saver.name)).toBeVisible();
  await invitations.accept(saver.name).click();
  await expect(
    invitations.toast('You are offline. Your answer will be sent when you are back online.'),
  ).toBeVisible();
  await expect(invitations.invitationFrom(saver.name)).toBeHidden();
  const waiting = page.getByText('1 change waiting to sync');
  await expect(waiting).toBeVisible();
  await page.reload();
  await expect(invitations.heading).toBeVisible();
  await expect(waiting).toBeVisible();
  await expect(invitations.empty).toBeVisible();

  await context.setOffline(false);
  await expect(waiting).toBeHidden();
  await expect.poll(async () => (await contactsOf(request, owner.user)).length).toBe(1);
  await page.reload();
  await expect(invitations.empty).toBeVisible();
});

test('a member without invitations is told none are pending', async ({ page, verifiedUser }) => {
  const invitations = await openInvitationsAs(page, verifiedUser);
  await expect(invitations.heading).toBeVisible();
  await expect(invitations.empty).toBeVisible();
  await expect(page.getByText(ownerCard.name)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('without a session /invitations goes to the login page', async ({ page }) => {
  await page.goto('/invitations');
  await expect(page).toHaveURL(/\/login/);
});
