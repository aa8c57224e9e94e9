// "Add someone" (issue 26 point 3): a person with no card, typed in offline and stored once when the
// network returns; and paper cards generated in the browser (text drawn on a canvas, a few layouts,
// fonts, a tilt and a blur), read by the real on-device OCR, with the accuracy per field printed.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { waitForServiceWorkerControl } from './service-worker';

async function contactsOf(request: APIRequestContext, user: NewUser) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const listed = await request.get('/api/contact', { headers: { authorization: `Bearer ${accessToken}` } });
  return (await listed.json()) as { name: string; email: string; addedByHand?: boolean }[];
}

/** From the contacts screen, its one way in. */
async function openAddSomeone(page: Page) {
  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Add someone' }).click();
  await expect(page.getByRole('heading', { name: 'Add someone' })).toBeVisible();
}

/** Saves the form with no network: the member is told it waits, and lands on the list showing it waiting. */
async function saveOffline(page: Page) {
  await page.getByRole('button', { name: 'Save contact' }).click();
  // Shown at once, as waiting, among the saves waiting to sync.
  await new ContactsPage(page).expectOneSaveWaiting();
}

test('someone added offline waits on this phone, then is stored once when the network returns', async ({
  page,
  context,
  request,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);
  await openAddSomeone(page);

  await context.setOffline(true);
  await page.getByLabel('Name (required)').fill('Rosa Paper');
  await page.getByLabel('E-mail').fill('rosa@paper.example');
  await page.getByLabel('Phone').fill('+44 20 7946 0018');
  await page.getByLabel('Where you met').fill('at the print fair');
  await saveOffline(page);
  await expect(page.getByText('Rosa Paper').first()).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 change waiting to sync')).toBeHidden();
  await expect(page.getByRole('option', { name: /^Rosa Paper Met at the print fair/ })).toBeVisible();
  expect(await contactsOf(request, verifiedUser)).toEqual([
    expect.objectContaining({ name: 'Rosa Paper', email: 'rosa@paper.example', addedByHand: true }),
  ]);

  // The same person again, online: offered as a match, and updated rather than stored twice.
  await openAddSomeone(page);
  await page.getByLabel('Name (required)').fill('R. Paper');
  await page.getByLabel('E-mail').fill('ROSA@paper.example');
  await page.getByLabel('Company').fill('Paper & Ink');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(
    page.getByText('This looks like Rosa Paper, who is already among your contacts'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Update Rosa Paper' }).click();
  await expect(page.getByText('Added the new details to Rosa Paper')).toBeVisible();
  expect(await contactsOf(request, verifiedUser)).toHaveLength(1);
});

interface PaperCard {
  lines: string[];
  name: string;
  email: string;
  phone: string;
  font: string;
  align: 'left' | 'center';
  tilt: number;
  blur: number;
}

const PEOPLE = [
  ['Rosa Paper', 'Head of Printing', 'Paper & Ink Ltd', 'rosa.paper@paperink.example', '+44 20 7946 0018'],
  ['James Wright', 'Senior Engineer', 'Northwind Labs', 'james.wright@northwind.example', '+1 415 555 0142'],
  ['Mara Lind', 'Founder', 'Lind Design Studio', 'mara@lind-design.example', '+46 70 123 45 67'],
  ['Kenji Sato', 'Sales Director', 'Sato Trading Co.', 'k.sato@sato-trading.example', '+81 3 1234 5678'],
  [
    'Amelie Dubois',
    'Product Manager',
    'Atelier Nord SAS',
    'amelie.dubois@ateliernord.example',
    '+33 6 12 34 56 78',
  ],
] as const;
const FONTS = ['Arial', 'Georgia', 'Verdana', 'Courier New'];

function paperCards(): PaperCard[] {
  return PEOPLE.flatMap(([name, role, company, email, phone], index) =>
    [0, 1].map((variant) => {
      const isCompanyFirst = (index + variant) % 2 === 1;
      return {
        lines: [
          ...(isCompanyFirst ? [company.toUpperCase(), name, role] : [name, role, company]),
          `T: ${phone}`,
          email,
        ],
        name,
        email,
        phone,
        font: FONTS[(index + variant) % FONTS.length] ?? 'Arial',
        align: variant === 0 ? 'left' : 'center',
        tilt: variant === 0 ? 0 : index % 2 === 0 ? 2 : -2,
        blur: index === 3 ? 0.8 : 0,
      } as const;
    }),
  );
}

/** The card as a photo: drawn on a canvas in the page, a little tilted or blurred, as PNG bytes. */
async function photographed(page: Page, card: PaperCard): Promise<Buffer> {
  const dataUrl = await page.evaluate((card) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 800;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#d9d4c7';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.translate(700, 400);
    context.rotate((card.tilt * Math.PI) / 180);
    context.fillStyle = '#fbfaf6';
    context.fillRect(-600, -340, 1200, 680);
    context.filter = card.blur > 0 ? `blur(${card.blur}px)` : 'none';
    context.fillStyle = '#1d1d1f';
    context.textAlign = card.align;
    const x = card.align === 'left' ? -540 : 0;
    card.lines.forEach((line, index) => {
      context.font = `${index === 0 ? 'bold 60px' : '42px'} "${card.font}"`;
      context.fillText(line, x, -230 + index * 105);
    });
    return canvas.toDataURL('image/png');
  }, card);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('paper cards are read on the device, proposed for the member to check, and saved once confirmed', async ({
  page,
  request,
  verifiedUser,
}) => {
  test.setTimeout(300_000);
  await new LoginPage(page).signIn(verifiedUser);
  await openAddSomeone(page);
  const cards = paperCards();
  const right = { email: 0, phone: 0, name: 0 };
  for (const card of cards) {
    await page.getByTestId('card-photo').setInputFiles({
      name: 'card.png',
      mimeType: 'image/png',
      buffer: await photographed(page, card),
    });
    await expect(page.getByText(/^Read from the card on this phone/)).toBeVisible({ timeout: 60_000 });
    const email = await page.getByLabel('E-mail').inputValue();
    const phone = await page.getByLabel('Phone').inputValue();
    const name = await page.getByLabel('Name (required)').inputValue();
    right.email += Number(email === card.email);
    right.phone += Number(phone.replace(/\D/g, '') === card.phone.replace(/\D/g, ''));
    right.name += Number(name === card.name);
    await page.reload();
  }
  const percent = (count: number) => Math.round((100 * count) / cards.length);
  console.info(
    `paper cards read on the device (${cards.length}): e-mail ${percent(right.email)} %, phone ${percent(right.phone)} %, name ${percent(right.name)} %`,
  );
  expect(percent(right.email)).toBeGreaterThanOrEqual(90);
  expect(percent(right.phone)).toBeGreaterThanOrEqual(90);

  // Nothing was saved by reading: only the member's Save stores the (checked) details.
  expect(await contactsOf(request, verifiedUser)).toEqual([]);
  const [first] = cards;
  await page.getByTestId('card-photo').setInputFiles({
    name: 'card.png',
    mimeType: 'image/png',
    buffer: await photographed(page, first as PaperCard),
  });
  await expect(page.getByText(/^Read from the card on this phone/)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Name (required)').fill('Rosa Paper');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  expect(await contactsOf(request, verifiedUser)).toEqual([
    expect.objectContaining({ name: 'Rosa Paper', email: first?.email, addedByHand: true }),
  ]);
});

test('a member who opened Add someone online once scans a paper card offline, and the contact syncs once @desktop', async ({
  page,
  context,
  request,
  verifiedUser,
}) => {
  test.setTimeout(180_000);
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);
  // Online once: the screen gets the card reader itself, and says when scanning works with no signal.
  await openAddSomeone(page);
  await expect(page.getByText('Scanning works with no signal on this phone.')).toBeVisible({
    timeout: 90_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add someone' })).toBeVisible();
  await expect(page.getByText('Scanning works with no signal on this phone.')).toBeVisible();
  const [card] = paperCards();
  await page.getByTestId('card-photo').setInputFiles({
    name: 'card.png',
    mimeType: 'image/png',
    buffer: await photographed(page, card as PaperCard),
  });
  await expect(page.getByText(/^Read from the card on this phone/)).toBeVisible({ timeout: 60_000 });
  // The member checks what was read, corrects the name, and saves.
  await expect(page.getByLabel('E-mail')).toHaveValue(card?.email ?? '');
  await page.getByLabel('Name (required)').fill('Rosa Paper');
  await saveOffline(page);
  expect(await contactsOf(request, verifiedUser)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('1 save waiting to sync')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('option', { name: /^Rosa Paper/ })).toBeVisible();
  expect(await contactsOf(request, verifiedUser)).toEqual([
    expect.objectContaining({ name: 'Rosa Paper', email: card?.email, addedByHand: true }),
  ]);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the Add someone screen at ${viewport.width} px has no serious accessibility problems`, async ({
    page,
    verifiedUser,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await new LoginPage(page).signIn(verifiedUser);
    await openAddSomeone(page);
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`add-someone-${viewport.width}.png`), fullPage: true });
  });
}
