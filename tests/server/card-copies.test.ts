// Taking a card away from its page (issue 26 point 4): "E-mail me this card" for a visitor whose phone
// will not import a vCard, and the card link's QR code as an image an e-mail signature shows.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { COPIES_TO_ONE_ADDRESS_PER_DAY } from '../../server/modules/contacts/card-sends';
import {
  cardHandleOf,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
  PUBLIC_URL,
  type TestContext,
  uniqueEmail,
} from './helpers';

function calls(t: () => TestContext) {
  const emailMe = (key: string, payload: Record<string, unknown>, remoteAddress = '198.51.100.30') =>
    t().app.inject({ method: 'POST', url: `/api/nfc/${key}/email-me`, payload, remoteAddress });
  const copiesTo = async (email: string) => {
    await t().mailer().deliverDue();
    return t().sink.messages(email);
  };
  return { emailMe, copiesTo };
}

describeOnEachDatabase('e-mail me this card', (t) => {
  const { emailMe, copiesTo } = calls(t);

  it('e-mails the visitor the card with its vCard and link, saying they asked for it on its page', async () => {
    const owner = await createMemberWithCard(t(), { name: 'Nina NoCard', pronouns: 'she/her' });
    const visitor = uniqueEmail('visitor');

    const answer = await emailMe(owner.cardHandle, { email: visitor });
    expect(answer.statusCode).toBe(202);
    expect(json(answer)).toEqual({ message: 'The card is on its way to your inbox.' });

    const mail = await t().sink.waitForMail(visitor, { subject: 'A business card' });
    expect(mail.text).toContain(
      "You asked for Nina NoCard's business card on her card page on Tapnet, so here it is.",
    );
    expect(mail.text).toContain('If you did not ask for it, someone typed your address on that page');
    expect(mail.text).toContain(`The card on the web: ${PUBLIC_URL}/c/${owner.cardHandle}`);
    expect(mail.text).toContain('Never e-mail me again');
    const [vCard] = mail.attachments;
    expect(vCard?.filename).toBe('nina-nocard.vcf');
    expect(vCard?.content).toContain('FN:Nina NoCard');
  });

  it('answers through an NFC card’s ID too, with the member’s card link in the mail', async () => {
    const owner = await createMemberWithCard(t(), { name: 'Tap Holder' });
    const visitor = uniqueEmail('visitor');
    expect((await emailMe(owner.nfcUID, { email: visitor })).statusCode).toBe(202);
    const mail = await t().sink.waitForMail(visitor, { subject: 'A business card' });
    expect(mail.text).toContain(`${PUBLIC_URL}/c/${owner.cardHandle}`);
  });

  it('sends one copy a day to an address, however often it is asked and however it is written', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const visitor = uniqueEmail('visitor');
    for (const email of [visitor, visitor.toUpperCase(), ` ${visitor} `]) {
      expect((await emailMe(handle, { email })).statusCode).toBe(202);
    }
    expect(await copiesTo(visitor)).toHaveLength(1);
  });

  it(`sends one address at most ${COPIES_TO_ONE_ADDRESS_PER_DAY} cards a day, whichever cards are asked`, async () => {
    const visitor = uniqueEmail('flooded');
    for (let index = 0; index <= COPIES_TO_ONE_ADDRESS_PER_DAY; index++) {
      const owner = await createMember(t(), { name: `Owner ${index}` });
      const handle = await cardHandleOf(t(), owner.accessToken);
      const answer = await emailMe(handle, { email: visitor }, `198.51.100.${100 + index}`);
      expect(json(answer)).toEqual({ message: 'The card is on its way to your inbox.' });
    }
    expect(await copiesTo(visitor)).toHaveLength(COPIES_TO_ONE_ADDRESS_PER_DAY);
  });

  it('answers a bot that fills the hidden field as it answers a person, and sends nothing', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const visitor = uniqueEmail('bot');
    const answer = await emailMe(handle, { email: visitor, leaveEmpty: 'http://spam.example' });
    expect(answer.statusCode).toBe(202);
    expect(json(answer)).toEqual({ message: 'The card is on its way to your inbox.' });
    expect(await copiesTo(visitor)).toEqual([]);
  });

  it('refuses an address that is not one, and a card that does not exist or is not activated', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const refused = await emailMe(handle, { email: 'not-an-address' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: ['Please enter a valid email address'],
    });
    expect(json(await emailMe('no-such-handle', { email: uniqueEmail() }))).toMatchObject({
      code: 'CARD_NOT_FOUND',
    });
    expect(json(await emailMe(await issueCard(t()), { email: uniqueEmail() }))).toMatchObject({
      code: 'CARD_UNCLAIMED',
    });
  });

  it('limits one address asking about one card: a room may ask at once, a script may not', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const answers = [];
    for (let index = 0; index < 61; index++) {
      answers.push((await emailMe(handle, { email: uniqueEmail('room') }, '203.0.113.77')).statusCode);
    }
    expect(answers.slice(0, 60).every((status) => status === 202)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});

describeOnEachDatabase('the card link’s QR code image', (t) => {
  const qrOf = async (key: string) => {
    const answer = await t().app.inject({ method: 'GET', url: `/api/nfc/${key}/qr.png` });
    return { answer, png: answer.statusCode === 200 ? PNG.sync.read(answer.rawPayload) : null };
  };

  it('is a PNG whose code opens the member’s current card link as a scan, from their handle or NFC card', async () => {
    const owner = await createMemberWithCard(t());
    for (const key of [owner.cardHandle, owner.nfcUID]) {
      const { answer, png } = await qrOf(key);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      if (!png) throw new Error(`no PNG: ${answer.body}`);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(`${PUBLIC_URL}/c/${owner.cardHandle}?src=qr`);
    }
  });

  it('answers 404 for a card that does not exist', async () => {
    const { answer } = await qrOf('no-such-handle');
    expect(answer.statusCode).toBe(404);
    expect(json(answer)).toMatchObject({ code: 'CARD_NOT_FOUND' });
  });
});
