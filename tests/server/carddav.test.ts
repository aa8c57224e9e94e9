// The CardDAV address book through app.inject(), on each database: discovery, sign-in with app passwords,
// PROPFIND at each depth, GET, the three reports and their XML, sync tokens and deletions, writes refused.
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { AppPasswordListSchema, CreatedAppPasswordSchema } from '../../contract/app-passwords';
import { SUSPENDED_MESSAGE } from '../../server/platform/security/hooks';
import { basic, memberWithAddressBook, PEOPLE, readMultistatus } from './carddav-support';
import { bearer, createMember, describeOnEachDatabase, json, type TestContext } from './helpers';

type Member = Awaited<ReturnType<typeof memberWithAddressBook>>;

const PROPFIND_PRINCIPAL = `<?xml version="1.0" encoding="utf-8"?>
<A:propfind xmlns:A="DAV:"><A:prop><A:current-user-principal/></A:prop></A:propfind>`;

const PROPFIND_BOOK = `<?xml version="1.0"?>
<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/" xmlns:card="urn:ietf:params:xml:ns:carddav">
  <d:prop>
    <d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/><card:supported-address-data/>
    <d:current-user-privilege-set/><d:getetag/><d:getcontenttype/><x:unknown xmlns:x="urn:example:other"/>
  </d:prop>
</d:propfind>`;

function multiget(hrefs: string[]): string {
  return `<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
    <d:prop><d:getetag/><card:address-data/></d:prop>
    ${hrefs.map((href) => `<d:href>${href}</d:href>`).join('')}
  </card:addressbook-multiget>`;
}

function syncCollection(token: string): string {
  return `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level>
    <d:prop><d:getetag/></d:prop></d:sync-collection>`;
}

describeOnEachDatabase('the CardDAV address book', (t) => {
  let ada: Member;

  const dav = (options: InjectOptions & { url: string }) =>
    t().app.inject({ ...options, headers: { 'content-type': 'application/xml', ...options.headers } });

  /** PROPFIND_BOOK at `url` and `depth` as Ada, its multistatus read. */
  async function propfindBook(url: string, depth: '0' | '1') {
    const answer = await dav({
      method: 'PROPFIND',
      url,
      headers: { ...ada.auth, depth },
      payload: PROPFIND_BOOK,
    });
    return readMultistatus(answer.body);
  }

  async function davPaths(member: Member) {
    const principal = readMultistatus(
      (
        await dav({
          method: 'PROPFIND',
          url: '/',
          headers: { ...member.auth, depth: '0' },
          payload: PROPFIND_PRINCIPAL,
        })
      ).body,
    ).responses[0]?.found['current-user-principal'] as { href: string };
    const home = principal.href.replace('/principals/', '/addressbooks/');
    return { principal: principal.href, home, book: `${home}tapnet/` };
  }

  it('is found from /.well-known/carddav without signing in, for any method', async () => {
    for (const method of ['GET', 'PROPFIND'] as const) {
      const response = await t().app.inject({ method, url: '/.well-known/carddav' });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/carddav/');
    }
  });

  it('asks for Basic credentials, and refuses a wrong app password or the account password', async () => {
    ada = await memberWithAddressBook(t());
    const anonymous = await dav({ method: 'PROPFIND', url: '/carddav/', payload: PROPFIND_PRINCIPAL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="Tapnet contacts", charset="UTF-8"');
    for (const password of ['abcd-efgh-ijkm-npqr-stuv', ada.password]) {
      const refused = await dav({
        method: 'PROPFIND',
        url: '/carddav/',
        headers: basic(ada.email, password),
      });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('names the principal at the root, and the home set at the principal', async () => {
    const root = await dav({
      method: 'PROPFIND',
      url: '/carddav/',
      headers: { ...ada.auth, depth: '0' },
      payload: PROPFIND_PRINCIPAL,
    });
    expect(root.statusCode).toBe(207);
    expect(root.headers['content-type']).toBe('application/xml; charset=utf-8');
    const paths = await davPaths(ada);
    expect(readMultistatus(root.body).responses[0]?.found['current-user-principal']).toEqual({
      href: paths.principal,
    });
    const principal = await dav({
      method: 'PROPFIND',
      url: paths.principal,
      headers: { ...ada.auth, depth: '0' },
      payload: `<propfind xmlns="DAV:"><prop><addressbook-home-set xmlns="urn:ietf:params:xml:ns:carddav"/><resourcetype/></prop></propfind>`,
    });
    const [response] = readMultistatus(principal.body).responses;
    expect(response?.found['addressbook-home-set']).toEqual({ href: paths.home });
    expect(response?.found.resourcetype).toEqual({ collection: '', principal: '' });
  });

  it('lists the one address book in the home at depth 1, and only the home at depth 0', async () => {
    const { home, book } = await davPaths(ada);
    const deep = await propfindBook(home, '1');
    expect(deep.responses.map((response) => response.href)).toEqual([home, book]);
    expect(deep.responses[1]?.found.resourcetype).toEqual({ collection: '', addressbook: '' });
    const shallow = await propfindBook(home, '0');
    expect(shallow.responses.map((response) => response.href)).toEqual([home]);
  });

  it('describes the address book: its name, CTag, sync token, vCard 3.0 only, read-only; unknown properties 404', async () => {
    const { book } = await davPaths(ada);
    const [response] = (await propfindBook(book, '0')).responses;
    expect(response?.found.displayname).toBe('Tapnet');
    expect(response?.found.getctag).toMatch(/^"v2-\d+"$/);
    expect(response?.found['sync-token']).toMatch(/^urn:tapnet:sync:v2:\d+$/);
    expect(response?.found['supported-address-data']).toEqual({
      'address-data-type': { '@_content-type': 'text/vcard', '@_version': '3.0' },
    });
    expect(response?.found['current-user-privilege-set']).toEqual({
      privilege: [{ read: '' }, { 'read-current-user-privilege-set': '' }],
    });
    expect(response?.missing).toEqual(expect.arrayContaining(['getetag', 'getcontenttype', 'unknown']));
  });

  it('lists every contact at depth 1 with a quoted ETag, and serves each as a vCard 3.0', async () => {
    const { book } = await davPaths(ada);
    const { responses } = await propfindBook(book, '1');
    const cards = responses.slice(1);
    expect(cards.map((card) => card.href).sort()).toEqual(
      ada.contactIds.map((id) => `${book}${id}.vcf`).sort(),
    );
    for (const card of cards) {
      expect(card.found.getetag).toMatch(/^"v2-\d+"$/);
      expect(card.found.getcontenttype).toBe('text/vcard; charset=utf-8');
    }
    const grace = `${book}${ada.contactIds[0]}.vcf`;
    const got = await t().app.inject({ method: 'GET', url: grace, headers: ada.auth });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(got.body).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(got.body).toContain('FN:Grace Hopper\r\n');
    expect(got.body).toContain('ORG:US Navy\r\n');
    expect(got.body).toContain(`UID:${ada.contactIds[0]}\r\n`);
    expect(got.body).toContain('CATEGORIES:Tapnet\r\n');
    expect(got.body).toMatch(/NOTE:Pronouns: she\/her\\nMet near Lyon\\, France\\, on \d{4}-\d{2}-\d{2}\r\n/);
    expect(got.headers.etag).toBe(cards.find((card) => card.href === grace)?.found.getetag);
    const again = await t().app.inject({
      method: 'GET',
      url: grace,
      headers: { ...ada.auth, 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('carries the event where they met as a category and in the note (issue 27)', async () => {
    const bea = await memberWithAddressBook(t());
    const { book } = await davPaths(bea);
    const graceId = bea.contactIds[0];
    const tagged = await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${graceId}/event`,
      headers: bearer(bea.accessToken),
      payload: { event: 'Web Summit, Lisbon' },
    });
    expect(tagged.statusCode).toBe(200);
    const got = await t().app.inject({ method: 'GET', url: `${book}${graceId}.vcf`, headers: bea.auth });
    // Long lines are folded (RFC 6350 §3.2): read unfolded.
    const unfolded = got.body.replaceAll('\r\n ', '');
    expect(unfolded).toContain('CATEGORIES:Tapnet,Web Summit\\, Lisbon\r\n');
    expect(unfolded).toMatch(
      /NOTE:Pronouns: she\/her\\nMet at Web Summit\\, Lisbon\\, near Lyon\\, France\\, on \d{4}-\d{2}-\d{2}\r\n/,
    );
  });

  it('answers addressbook-multiget with each card’s data, and 404 for an href it does not hold', async () => {
    const { book } = await davPaths(ada);
    const missing = `${book}00000000-0000-4000-8000-000000000000.vcf`;
    const hrefs = [
      `${book}${ada.contactIds[1]}.vcf`,
      `http://tapnet.test${book}${ada.contactIds[2]}.vcf`,
      missing,
    ];
    const answer = await dav({
      method: 'REPORT',
      url: book,
      headers: { ...ada.auth, depth: '1' },
      payload: multiget(hrefs),
    });
    expect(answer.statusCode).toBe(207);
    const { responses } = readMultistatus(answer.body);
    expect(responses).toHaveLength(3);
    expect(String(responses[0]?.found['address-data'])).toContain('FN:Linus Pauling');
    expect(String(responses[1]?.found['address-data'])).toContain('FN:Katherine Johnson');
    expect(responses[2]).toMatchObject({ href: missing, status: 'HTTP/1.1 404 Not Found' });
  });

  it('answers addressbook-query with the cards its filter matches', async () => {
    const { book } = await davPaths(ada);
    const query = (filter: string) =>
      dav({
        method: 'REPORT',
        url: book,
        headers: { ...ada.auth, depth: '1' },
        payload: `<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
          <D:prop><D:getetag/><C:address-data/></D:prop><C:filter test="anyof">${filter}</C:filter></C:addressbook-query>`,
      }).then((response) => readMultistatus(response.body).responses.map((one) => one.href));
    expect(
      await query(
        '<C:prop-filter name="EMAIL"><C:text-match match-type="starts-with">LINUS@</C:text-match></C:prop-filter>',
      ),
    ).toEqual([`${book}${ada.contactIds[1]}.vcf`]);
    expect(
      await query(
        '<C:prop-filter name="ORG"><C:text-match negate-condition="yes">a</C:text-match></C:prop-filter>',
      ),
    ).toEqual([]);
    expect(await query('')).toHaveLength(PEOPLE.length);
  });

  it('syncs only what changed after a token: a changed card, and a deleted one as a 404', async () => {
    const { book } = await davPaths(ada);
    const first = readMultistatus(
      (await dav({ method: 'REPORT', url: book, headers: ada.auth, payload: syncCollection('') })).body,
    );
    expect(first.responses).toHaveLength(PEOPLE.length);
    expect(first.syncToken).toMatch(/^urn:tapnet:sync:v2:\d+$/);
    const unchanged = readMultistatus(
      (
        await dav({
          method: 'REPORT',
          url: book,
          headers: ada.auth,
          payload: syncCollection(String(first.syncToken)),
        })
      ).body,
    );
    expect(unchanged.responses).toEqual([]);
    expect(unchanged.syncToken).toBe(first.syncToken);

    const [graceId, linusId] = ada.contactIds;
    await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${graceId}`,
      headers: bearer(ada.accessToken),
      payload: { notes: 'Wants the COBOL slides' },
    });
    await t().app.inject({
      method: 'DELETE',
      url: `/api/contact/${linusId}`,
      headers: bearer(ada.accessToken),
    });
    const next = readMultistatus(
      (
        await dav({
          method: 'REPORT',
          url: book,
          headers: ada.auth,
          payload: syncCollection(String(first.syncToken)),
        })
      ).body,
    );
    const byHref = new Map(next.responses.map((response) => [response.href, response]));
    expect(byHref.size).toBe(2);
    expect(byHref.get(`${book}${graceId}.vcf`)?.found.getetag).toMatch(/^"v2-\d+"$/);
    expect(byHref.get(`${book}${graceId}.vcf`)?.found.getetag).not.toBe(
      first.responses.find((response) => response.href === `${book}${graceId}.vcf`)?.found.getetag,
    );
    expect(byHref.get(`${book}${linusId}.vcf`)?.status).toBe('HTTP/1.1 404 Not Found');
    expect(next.syncToken).not.toBe(first.syncToken);
    const gone = await t().app.inject({ method: 'GET', url: `${book}${linusId}.vcf`, headers: ada.auth });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a sync token it did not give, one from the future, or one of an older vCard format, with valid-sync-token', async () => {
    const { book } = await davPaths(ada);
    // v1: the vCards before they carried the card's photo and links; a client holding one syncs them all again.
    for (const token of ['urn:other:sync:5', 'urn:tapnet:sync:v2:999999999', 'urn:tapnet:sync:v1:1']) {
      const refused = await dav({
        method: 'REPORT',
        url: book,
        headers: ada.auth,
        payload: syncCollection(token),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('<d:valid-sync-token/>');
    }
  });

  it('refuses every write with 403 and says the address book is read-only', async () => {
    const { book } = await davPaths(ada);
    const card = `${book}${ada.contactIds[0]}.vcf`;
    for (const [method, url] of [
      ['PUT', card],
      ['DELETE', card],
      ['PROPPATCH', book],
      ['MKCOL', `${book}new/`],
    ] as const) {
      const refused = await dav({ method, url, headers: ada.auth, payload: 'BEGIN:VCARD\r\nEND:VCARD\r\n' });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('<d:need-privileges/>');
      expect(refused.body).toContain('read-only: add, change and delete contacts in the Tapnet app');
    }
    const still = await t().app.inject({ method: 'GET', url: card, headers: ada.auth });
    expect(still.statusCode).toBe(200);
  });

  it('shows a member none of another member’s address book', async () => {
    const other = await memberWithAddressBook(t());
    const { book } = await davPaths(ada);
    const answer = await dav({
      method: 'PROPFIND',
      url: book,
      headers: { ...other.auth, depth: '1' },
      payload: PROPFIND_BOOK,
    });
    expect(answer.statusCode).toBe(404);
    const card = await t().app.inject({
      method: 'GET',
      url: `${book}${ada.contactIds[0]}.vcf`,
      headers: other.auth,
    });
    expect(card.statusCode).toBe(404);
  });

  it('answers malformed XML and a document type with 400', async () => {
    const { book } = await davPaths(ada);
    for (const payload of [
      '<d:propfind xmlns:d="DAV:"><d:prop>',
      '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
    ]) {
      const refused = await dav({ method: 'PROPFIND', url: book, headers: ada.auth, payload });
      expect(refused.statusCode).toBe(400);
    }
  });
});

describeOnEachDatabase('app passwords', (t: () => TestContext) => {
  it('are listed with their last use but never shown again, and revoking one refuses its device at once', async () => {
    const ada = await memberWithAddressBook(t());
    const list = () =>
      t().app.inject({ method: 'GET', url: '/api/user/app-passwords', headers: bearer(ada.accessToken) });
    expect(AppPasswordListSchema.parse(json(await list()))[0]?.lastUsedAt).toBeNull();
    await t().app.inject({ method: 'PROPFIND', url: '/carddav/', headers: ada.auth });
    const listed = await list();
    const [entry] = AppPasswordListSchema.parse(json(listed));
    expect(entry).toMatchObject({
      id: ada.appPassword.id,
      name: 'Test phone',
      lastUsedAt: expect.any(String),
    });
    expect(listed.body).not.toContain(ada.appPassword.password);
    const revoked = await t().app.inject({
      method: 'DELETE',
      url: `/api/user/app-passwords/${ada.appPassword.id}`,
      headers: bearer(ada.accessToken),
    });
    expect(json(revoked)).toEqual({
      message: 'App password revoked. The device using it can no longer read your contacts.',
    });
    const refused = await t().app.inject({ method: 'PROPFIND', url: '/carddav/', headers: ada.auth });
    expect(refused.statusCode).toBe(401);
    const again = await t().app.inject({
      method: 'DELETE',
      url: `/api/user/app-passwords/${ada.appPassword.id}`,
      headers: bearer(ada.accessToken),
    });
    expect(json(again)).toMatchObject({ code: 'APP_PASSWORD_NOT_FOUND', error: 'App password not found' });
  });

  it('are 100 random bits each, and never sign in to the JSON API', async () => {
    const member = await createMember(t());
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: bearer(member.accessToken),
      payload: { name: '  iPhone contacts ' },
    });
    expect(created.statusCode).toBe(201);
    const { password, name } = CreatedAppPasswordSchema.parse(json(created));
    expect(name).toBe('iPhone contacts');
    expect(password).toMatch(/^[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){4}$/);
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password },
    });
    expect(login.statusCode).toBe(401);
    for (const authorization of [`Bearer ${password}`, basic(member.email, password).authorization]) {
      const api = await t().app.inject({
        method: 'GET',
        url: '/api/user/account',
        headers: { authorization },
      });
      expect(api.statusCode).toBe(401);
    }
  });

  it('are at most 10 per account', async () => {
    const member = await createMember(t());
    const create = () =>
      t().app.inject({
        method: 'POST',
        url: '/api/user/app-passwords',
        headers: bearer(member.accessToken),
        payload: { name: 'Device' },
      });
    for (let index = 0; index < 10; index += 1) expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      code: 'APP_PASSWORD_LIMIT',
      error: 'You already have 10 app passwords. Revoke one you no longer use first.',
    });
  });

  it('refuse a suspended account, as the API refuses its token', async () => {
    const ada = await memberWithAddressBook(t());
    const propfind = () =>
      t().app.inject({
        method: 'PROPFIND',
        url: '/carddav/',
        headers: { ...ada.auth, depth: '0' },
        payload: PROPFIND_PRINCIPAL,
      });
    expect((await propfind()).statusCode).toBe(207);
    // The account attacks (a scanner with its token, from an office's address; loopback is never
    // scored): it is suspended wherever it asks from.
    const scan = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: { ...bearer(ada.accessToken), 'user-agent': 'sqlmap/1.7.2#stable (https://sqlmap.org)' },
      remoteAddress: '203.0.113.91',
    });
    expect(json(scan).code).toBe('ACCOUNT_SUSPENDED');
    const refused = await propfind();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(SUSPENDED_MESSAGE);
  });

  it('refuse an account after 10 wrong ones in 15 minutes, even with the right one', async () => {
    const ada = await memberWithAddressBook(t());
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const wrong = await t().app.inject({
        method: 'PROPFIND',
        url: '/carddav/',
        headers: basic(ada.email, `wrong-${attempt}`),
      });
      expect(wrong.statusCode).toBe(attempt < 10 ? 401 : 429);
    }
    const right = await t().app.inject({ method: 'PROPFIND', url: '/carddav/', headers: ada.auth });
    expect(right.statusCode).toBe(429);
  });
});
