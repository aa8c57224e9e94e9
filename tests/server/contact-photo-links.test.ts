// A contact saved from a card carries the card's labelled links and its current photo (issue 26 point 5,
// migration 042): in the save's answer, in the list (its stored JSON holds every field the contact
// has) and in CardDAV (the vCard's PHOTO and links); a new or removed photo on the
// card reaches its contacts, on both databases.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { CARD_PHOTO } from '../../contract/card-extras';
import { type Contact, ContactListSchema, ContactSchema } from '../../contract/contacts';
import { basic } from './carddav-support';
import {
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

const LINKS = [
  { kind: 'github', label: '', url: 'https://github.com/ada' },
  { kind: 'booking', label: 'Book a call', url: 'https://cal.example.com/ada' },
];

const photoOf = (colour: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

function calls(t: () => TestContext) {
  const uploadPhoto = async (member: Member, colour: string) => {
    const uploaded = await t().app.inject({
      method: 'PUT',
      url: '/api/user/card/photo',
      headers: { ...bearer(member.accessToken), 'content-type': 'image/jpeg' },
      payload: await photoOf(colour),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  };
  const list = async (member: Member) => {
    const listed = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(member.accessToken),
    });
    return {
      tag: listed.headers.etag,
      contacts: ContactListSchema.parse(json(listed)),
      raw: json<unknown[]>(listed),
    };
  };
  const save = async (member: Member, nfcUID: string): Promise<Contact> => {
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(member.accessToken),
      payload: { nfcUID },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return ContactSchema.parse(json<{ contact: unknown }>(saved).contact);
  };
  /** A card with links and a photo, saved by a member. */
  const savedRememberedCard = async () => {
    const owner = await createMemberWithCard(t(), { name: 'Ada Photo' });
    const withLinks = await t().app.inject({
      method: 'POST',
      url: '/api/user/updateBusinessCard',
      headers: bearer(owner.accessToken),
      payload: { ...businessCard, name: 'Ada Photo', links: LINKS },
    });
    expect(withLinks.statusCode, withLinks.body).toBe(200);
    await uploadPhoto(owner, '#3366aa');
    const member = await createMember(t());
    return { owner, member, contact: await save(member, owner.nfcUID) };
  };
  return { uploadPhoto, list, save, savedRememberedCard };
}

describeOnEachDatabase('a contact saved from a card with a photo and links', (t) => {
  const { uploadPhoto, list, savedRememberedCard } = calls(t);

  it('carries the card’s links and photo, and the list holds every field a contact has', async () => {
    const { member, contact } = await savedRememberedCard();
    expect(contact.links).toEqual(LINKS);
    expect(contact.photoURL).toMatch(/^\/api\/card-photos\/[\w-]+$/);
    expect(contact.photoThumbnailURL).toBe(`${contact.photoURL}/small`);
    const thumbnail = await t().app.inject({ method: 'GET', url: contact.photoThumbnailURL ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: CARD_PHOTO.thumbnailSize });

    // The list's stored JSON (migration 042) says what the save answered: every field, none missing.
    const { raw, contacts } = await list(member);
    expect(contacts).toEqual([contact]);
    expect(Object.keys(raw[0] as object).sort()).toEqual(Object.keys(ContactSchema.shape).sort());
  });

  it('follows the card’s photo: a new one replaces it, a removed one leaves none', async () => {
    const { owner, member, contact } = await savedRememberedCard();
    const before = await list(member);
    await uploadPhoto(owner, '#aa3366');
    const replaced = await list(member);
    expect(replaced.tag).not.toBe(before.tag);
    const [now] = replaced.contacts;
    expect(now?.photoURL).toMatch(/^\/api\/card-photos\//);
    expect(now?.photoURL).not.toBe(contact.photoURL);
    expect(now?.links).toEqual(LINKS);
    expect((await t().app.inject({ method: 'GET', url: now?.photoURL ?? '' })).statusCode).toBe(200);

    const removed = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/card/photo',
      headers: bearer(owner.accessToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(member)).contacts).toEqual([
      expect.objectContaining({ photoURL: '', photoThumbnailURL: '', links: LINKS }),
    ]);
  });

  it('loses the photo, and keeps the rest, when the card’s owner deletes their account', async () => {
    const { owner, member } = await savedRememberedCard();
    const deleted = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: bearer(owner.accessToken),
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(member)).contacts).toEqual([
      expect.objectContaining({ name: 'Ada Photo', photoURL: '', photoThumbnailURL: '', links: LINKS }),
    ]);
  });

  it('has no photo or links when added by hand, or saved from a card without them', async () => {
    const member = await createMember(t());
    const plain = await createMemberWithCard(t());
    const { save } = calls(t);
    await save(member, plain.nfcUID);
    const added = await t().app.inject({
      method: 'POST',
      url: '/api/contact/add',
      headers: bearer(member.accessToken),
      payload: { name: 'Paper Person' },
    });
    expect(added.statusCode).toBe(200);
    const { contacts, raw } = await list(member);
    expect(contacts).toEqual([
      expect.objectContaining({ links: [], photoURL: '', photoThumbnailURL: '' }),
      expect.objectContaining({ links: [], photoURL: '', photoThumbnailURL: '' }),
    ]);
    for (const listed of raw)
      expect(Object.keys(listed as object).sort()).toEqual(Object.keys(ContactSchema.shape).sort());
  });

  it('gives CardDAV the photo in the vCard, and the links as labelled items', async () => {
    const { member, contact } = await savedRememberedCard();
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: bearer(member.accessToken),
      payload: { name: 'Test phone' },
    });
    const { password } = json<{ password: string }>(created);
    const account = json<{ _id: string }>(
      await t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(member.accessToken) }),
    );
    const vCard = await t().app.inject({
      method: 'GET',
      url: `/carddav/addressbooks/${account._id}/tapnet/${contact._id}.vcf`,
      headers: basic(member.email, password),
    });
    expect(vCard.statusCode, vCard.body).toBe(200);
    expect(vCard.body).toContain('item1.URL:https://github.com/ada\r\nitem1.X-ABLabel:GitHub\r\n');
    expect(vCard.body).toContain('item2.URL:https://cal.example.com/ada\r\nitem2.X-ABLabel:Book a call\r\n');
    const photo = /\r\nPHOTO;ENCODING=b;TYPE=JPEG:([\s\S]*?)\r\n(?! )/
      .exec(vCard.body)?.[1]
      ?.replace(/\r\n /g, '');
    const served = await t().app.inject({ method: 'GET', url: contact.photoURL ?? '' });
    expect(Buffer.from(photo ?? '', 'base64').equals(served.rawPayload)).toBe(true);
  });
});
