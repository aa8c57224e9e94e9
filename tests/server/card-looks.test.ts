// A card people remember (issue 26 point 5): its photo (checked by content, resized, stripped of its
// metadata), its accent colour (readable under white text) and its labelled links, on both databases,
// as the account, the public card, the vCard, the send-card mail and CardDAV show them.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { CARD_PHOTO } from '../../contract/card-extras';
import { CreateContactResponseSchema } from '../../contract/contacts';
import { AccountSchema } from '../../contract/user';
import {
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  type TestContext,
  uniqueEmail,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

/** A phone photo as a phone writes it: EXIF with the maker and the place it was taken (Paris). */
function phonePhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Snitch 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825) as a little-endian TIFF header writes it. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

const LINKS = [
  { kind: 'github', label: '', url: 'https://github.com/ada' },
  { kind: 'booking', label: 'Book a call', url: 'https://cal.example.com/ada' },
];

function calls(t: () => TestContext) {
  const upload = (member: Member, body: Buffer, contentType = 'image/jpeg') =>
    t().app.inject({
      method: 'PUT',
      url: '/api/user/card/photo',
      headers: { ...bearer(member.accessToken), 'content-type': contentType },
      payload: body,
    });
  const saveCard = (member: Member, card: Record<string, unknown>) =>
    t().app.inject({
      method: 'POST',
      url: '/api/user/updateBusinessCard',
      headers: bearer(member.accessToken),
      payload: { ...businessCard, ...card },
    });
  const account = async (member: Member) =>
    AccountSchema.parse(
      json(
        await t().app.inject({
          method: 'GET',
          url: '/api/user/account',
          headers: bearer(member.accessToken),
        }),
      ),
    );
  const get = (url: string) => t().app.inject({ method: 'GET', url });
  return { upload, saveCard, account, get };
}

describeOnEachDatabase('a card’s photo', (t) => {
  const { upload, account, get } = calls(t);

  it('keeps a phone photo square, resized and without any metadata: its GPS position never survives', async () => {
    const member = await createMember(t());
    const original = await phonePhotoWithGps();
    expect((await sharp(original).metadata()).exif?.includes(GPS_POINTER)).toBe(true);

    const uploaded = await upload(member, original);
    expect(uploaded.statusCode).toBe(200);
    const card = AccountSchema.parse(json(uploaded)).businessCard;
    expect(card?.photoURL).toMatch(/^\/api\/card-photos\/[A-Za-z0-9_-]{16,64}$/);

    const served = await get(card?.photoURL ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: CARD_PHOTO.size, height: CARD_PHOTO.size });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);

    const small = await get(card?.photoThumbnailURL ?? '');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      width: CARD_PHOTO.thumbnailSize,
      height: CARD_PHOTO.thumbnailSize,
    });
  });

  it('takes PNG and WebP by their content, whatever type the upload names', async () => {
    const member = await createMember(t());
    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await upload(member, png, 'application/octet-stream')).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    expect((await upload(member, webp, 'image/png')).statusCode).toBe(200);
  });

  it('refuses what is not a JPEG, PNG or WebP image by its content, and changes nothing', async () => {
    const member = await createMember(t());
    await upload(member, await phonePhotoWithGps());
    const before = (await account(member)).businessCard?.photoURL;

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const script = Buffer.from('<script>alert(1)</script>');
    const truncated = (await phonePhotoWithGps()).subarray(0, 200);
    for (const body of [gif, script, truncated]) {
      const refused = await upload(member, body);
      expect(refused.statusCode).toBe(415);
      expect(json(refused)).toMatchObject({
        code: 'PHOTO_NOT_AN_IMAGE',
        error: 'The photo must be a JPEG, PNG or WebP image.',
      });
    }
    expect((await account(member)).businessCard?.photoURL).toBe(before);
  });

  it('refuses a photo over 5 MB with its own message', async () => {
    const member = await createMember(t());
    const tooLarge = Buffer.concat([await phonePhotoWithGps(), Buffer.alloc(CARD_PHOTO.maxBytes)]);
    const refused = await upload(member, tooLarge);
    expect(refused.statusCode).toBe(413);
    expect(json(refused)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The photo is larger than 5 MB. Choose a smaller one.',
    });
    expect((await account(member)).businessCard?.photoURL).toBe('');
  });

  it('gives each new photo a new address, and the replaced or deleted one is gone', async () => {
    const member = await createMember(t());
    const first = AccountSchema.parse(json(await upload(member, await phonePhotoWithGps()))).businessCard;
    const second = AccountSchema.parse(json(await upload(member, await phonePhotoWithGps()))).businessCard;
    expect(second?.photoURL).not.toBe(first?.photoURL);
    expect((await get(first?.photoURL ?? '')).statusCode).toBe(404);
    expect(json(await get(first?.photoURL ?? ''))).toMatchObject({ code: 'PHOTO_NOT_FOUND' });

    const deleted = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/card/photo',
      headers: bearer(member.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect(AccountSchema.parse(json(deleted)).businessCard?.photoURL).toBe('');
    expect((await get(second?.photoURL ?? '')).statusCode).toBe(404);
    expect(await t().db.selectFrom('card_photos').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ photo_id: second?.photoURL.split('/').at(-1) }),
    );
  });

  it('answers a photo id that cannot exist as not found', async () => {
    const response = await get('/api/card-photos/not*a*photo');
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'PHOTO_NOT_FOUND' });
  });
});

describeOnEachDatabase('a card’s accent colour and labelled links', (t) => {
  const { saveCard, account } = calls(t);

  it('keeps an accent white text stays readable on (WCAG AA 4.5:1), and refuses a light one', async () => {
    const member = await createMember(t());
    expect((await saveCard(member, { accent: '#0F766E' })).statusCode).toBe(200);
    expect((await account(member)).businessCard?.accent).toBe('#0f766e');

    for (const [accent, message] of [
      ['#facc15', 'Choose a darker accent colour: white text on it must have a contrast of at least 4.5:1'],
      ['teal', 'Accent colour must be a hex colour such as #4338ca'],
    ]) {
      const refused = await saveCard(member, { accent });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [message] });
    }
    expect((await account(member)).businessCard?.accent).toBe('#0f766e');
    expect((await saveCard(member, { accent: '' })).statusCode).toBe(200);
    expect((await account(member)).businessCard?.accent).toBe('');
  });

  it('keeps up to 8 https links, each a kind and a label, and refuses anything else with its reason', async () => {
    const member = await createMember(t());
    expect((await saveCard(member, { links: LINKS })).statusCode).toBe(200);
    expect((await account(member)).businessCard?.links).toEqual(LINKS);

    const refusals: [unknown, string][] = [
      [
        [{ kind: 'github', label: '', url: 'http://github.com/ada' }],
        'A link must be a full https:// address',
      ],
      [[{ kind: 'github', label: '', url: 'javascript:alert(1)' }], 'A link must be a full https:// address'],
      [[{ kind: 'custom', label: '', url: 'https://ada.example.com' }], 'A custom link needs a label'],
      [[{ kind: 'myspace', label: '', url: 'https://myspace.com/ada' }], 'Choose what kind of link this is'],
      [
        [{ kind: 'github', label: '', url: `https://github.com/${'a'.repeat(300)}` }],
        'A link must be at most 300 characters',
      ],
      [Array.from({ length: 9 }, () => LINKS[0]), 'A card has at most 8 links'],
    ];
    for (const [links, message] of refusals) {
      const refused = await saveCard(member, { links });
      expect(refused.statusCode).toBe(400);
      expect(json<{ errors: string[] }>(refused).errors).toContain(message);
    }
    expect((await account(member)).businessCard?.links).toEqual(LINKS);
  });

  it('keeps the accent and links when a client from before them saves the card without them', async () => {
    const member = await createMember(t());
    await saveCard(member, { accent: '#b91c1c', links: LINKS });
    const { linkedinURL, additionalURL, ...older } = businessCard;
    expect(
      (await saveCard(member, { ...older, linkedinURL, additionalURL, role: 'Engineer' })).statusCode,
    ).toBe(200);
    expect((await account(member)).businessCard).toMatchObject({
      role: 'Engineer',
      accent: '#b91c1c',
      links: LINKS,
      linkedinURL: 'linkedin.com/in/ada',
    });
  });
});

describeOnEachDatabase('a remembered card where others see it', (t) => {
  const { upload, saveCard, get } = calls(t);

  async function rememberedCard() {
    const owner = await createMemberWithCard(t());
    expect((await saveCard(owner, { accent: '#a21caf', links: LINKS })).statusCode).toBe(200);
    const uploaded = await upload(owner, await phonePhotoWithGps());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return owner;
  }

  it('shows the photo, accent and links on the public card, and carries them in its vCard', async () => {
    const owner = await rememberedCard();
    const card = json(await get(`/api/nfc/${owner.cardHandle}`));
    expect(card).toMatchObject({ accent: '#a21caf', links: LINKS });
    expect(card.photoURL).toMatch(/^\/api\/card-photos\//);

    const vCard = (await get(`/api/nfc/${owner.nfcUID}/vcard`)).body;
    expect(vCard).toContain('item1.URL:https://github.com/ada\r\nitem1.X-ABLabel:GitHub\r\n');
    expect(vCard).toContain('item2.URL:https://cal.example.com/ada\r\nitem2.X-ABLabel:Book a call\r\n');
    const photo = /\r\nPHOTO;ENCODING=b;TYPE=JPEG:([\s\S]*?)\r\n(?! )/
      .exec(vCard)?.[1]
      ?.replace(/\r\n /g, '');
    const decoded = Buffer.from(photo ?? '', 'base64');
    expect(await sharp(decoded).metadata()).toMatchObject({ format: 'jpeg', width: CARD_PHOTO.size });
    expect(decoded.includes(Buffer.from('TestPhone'))).toBe(false);
  });

  it('sends the photo, accent and links in the send-card mail', async () => {
    const owner = await rememberedCard();
    const recipient = uniqueEmail('recipient');
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(owner.accessToken),
      payload: { nfcUID: (await createMemberWithCard(t(), { email: recipient })).nfcUID },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const contact = CreateContactResponseSchema.parse(saved.json()).contact;
    const sent = await t().app.inject({
      method: 'POST',
      url: `/api/contact/send-card/${contact._id}`,
      headers: bearer(owner.accessToken),
    });
    expect(sent.statusCode).toBe(200);
    await t().mailer().deliverDue();
    const mail = await t().sink.waitForMail(recipient, { subject: 'A business card' });
    const photoUrl = json(await get(`/api/nfc/${owner.cardHandle}`)).photoURL;
    expect(mail.html).toContain(`<img src="${PUBLIC_URL}${photoUrl}" width="96" height="96"`);
    expect(mail.html).toContain('border-left:6px solid #a21caf');
    expect(mail.html).toContain('<a href="https://cal.example.com/ada">https://cal.example.com/ada</a>');
    expect(mail.text).toContain('Book a call: https://cal.example.com/ada');
    const attached = mail.attachments.find((attachment) => attachment.filename?.endsWith('.vcf'));
    expect(attached?.content.toString()).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
  });
});
