// The CardDAV server (RFC 6352), read-only: discovery (RFC 6764), PROPFIND at depth 0 and 1, GET of a
// card, and the addressbook-multiget, addressbook-query and sync-collection (RFC 6578) reports. Clients
// sign in with HTTP Basic, the account e-mail and an app password; anything that would write is refused.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { PerEmailLimit, perMinute } from '../../platform/rate-limits';
import { isAccountSuspended, SUSPENDED_MESSAGE } from '../../platform/security/hooks';
import { findCardPhotoImages } from '../cards';
import {
  findContactListVersion,
  findOldestCursor,
  listDeletedContactIdsSince,
  listVersionedContacts,
  type VersionedContact,
} from '../contacts';
import {
  type Card,
  cardETag,
  cardOf,
  type DavTarget,
  davPaths,
  pathOfHref,
  syncToken,
  targetOf,
  vCardOf,
  versionOfSyncToken,
} from './address-book';
import { signInWithAppPassword } from './app-passwords';
import {
  CARDDAV,
  child,
  childrenNamed,
  DAV,
  element,
  errorBody,
  multistatus,
  parseXmlBody,
  statusResponse,
  XmlBodyError,
  type XmlElement,
} from './dav-xml';
import {
  type DavContext,
  type DavResource,
  needsVCards,
  type PropRequest,
  propRequestOf,
  responseFor,
} from './properties';
import { passesFilter } from './query-filter';

/** Methods Fastify must know before routes may use them (Node's parser already accepts them). */
export const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const READ_METHODS: HTTPMethods[] = ['OPTIONS', 'GET', 'PROPFIND', 'REPORT'];
const WRITE_METHODS: HTTPMethods[] = [
  'PUT',
  'DELETE',
  'POST',
  'PATCH',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
];

/** The same realm on every host name: iOS keeps one password per realm (market-2026 §4). */
const CHALLENGE = 'Basic realm="Tapnet contacts", charset="UTF-8"';
const XML = 'application/xml; charset=utf-8';
/** A multiget of a long address book names every card: far more than the JSON API's limit. */
const DAV_BODY_LIMIT_BYTES = 1024 * 1024;

export const DavMessages = {
  signIn: 'Sign in with your Tapnet e-mail and an app password from Settings → Contacts in other apps.',
  readOnly: 'Tapnet’s address book is read-only: add, change and delete contacts in the Tapnet app.',
  badSyncToken: 'The sync token is not one this address book gave, or it is too old: sync everything again.',
  noSuchReport: 'This report is not supported here.',
  notFound: 'Not found',
} as const;

/** A phone syncs a few times an hour; a full sync of a large book is a few requests. */
const REQUESTS_PER_ACCOUNT_PER_MINUTE = 300;
/** Wrong app passwords for one account, per 15 minutes, before it is refused for the rest of them. */
const FAILURES_PER_ACCOUNT = 10;

function credentialsOf(request: FastifyRequest): { email: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function depthOf(request: FastifyRequest): 0 | 1 {
  // "infinity" (and no header, which means it) is answered as 1: the book is the deepest collection.
  return request.headers.depth === '0' ? 0 : 1;
}

function sendXml(reply: FastifyReply, status: number, xml: string): FastifyReply {
  return reply.code(status).type(XML).header('Cache-Control', 'no-store').send(xml);
}

function refuse(reply: FastifyReply, status: number, ns: string, precondition: string, message: string) {
  return sendXml(reply, status, errorBody(ns, precondition, message));
}

export async function davRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const requests = new PerEmailLimit(app, {
    name: 'carddav-requests',
    max: REQUESTS_PER_ACCOUNT_PER_MINUTE,
    windowMinutes: 1,
  });
  const failures = new PerEmailLimit(app, {
    name: 'carddav-wrong-passwords',
    max: FAILURES_PER_ACCOUNT,
    windowMinutes: 15,
  });

  // Every body is kept as text and read as XML by the handler (or ignored: a refused PUT's vCard).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: DAV_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  async function memberOfRequest(request: FastifyRequest): Promise<string | undefined> {
    const credentials = credentialsOf(request);
    if (!credentials) return undefined;
    const scale = app.ctx.config.rateLimitScale;
    await failures.check(credentials.email, scale);
    await requests.take(credentials.email, scale);
    const userId = await signInWithAppPassword(db, credentials.email, credentials.password);
    if (!userId) await failures.take(credentials.email, scale);
    return userId;
  }

  function photosOf(contacts: readonly VersionedContact[]): Promise<Map<string, Buffer>> {
    return findCardPhotoImages(
      db,
      contacts.flatMap(({ photoId }) => photoId ?? []),
    );
  }

  /** The contacts as cards; their photos are read only when the answer carries vCards. */
  async function asCards(contacts: VersionedContact[], props: PropRequest | 'vcard'): Promise<Card[]> {
    if (props !== 'vcard' && !needsVCards(props)) return contacts.map((contact) => cardOf(contact));
    const photos = await photosOf(contacts);
    return contacts.map((contact) => cardOf(contact, photos));
  }

  async function cardsOf(userId: string, props: PropRequest | 'vcard', ids?: readonly string[]) {
    return asCards(await listVersionedContacts(db, userId, ids ? { ids } : {}), props);
  }

  async function propfind(
    request: FastifyRequest,
    reply: FastifyReply,
    target: DavTarget,
    context: DavContext,
  ) {
    const props = propRequestOf(parseXmlBody(String(request.body ?? '')));
    const resources: DavResource[] = [];
    if (target.kind === 'card') {
      const [card] = await cardsOf(context.userId, props, [target.contactId]);
      if (!card) return reply.code(404).type('text/plain').send(DavMessages.notFound);
      resources.push({ target, card });
    } else {
      resources.push({ target });
    }
    if (depthOf(request) === 1) {
      if (target.kind === 'home') resources.push({ target: { kind: 'book' } });
      if (target.kind === 'book') {
        for (const card of await cardsOf(context.userId, props))
          resources.push({ target: { kind: 'card', contactId: card.contactId }, card });
      }
    }
    return sendXml(
      reply,
      207,
      multistatus(resources.map((resource) => responseFor(resource, context, props))),
    );
  }

  function cardResources(cards: Card[]): DavResource[] {
    return cards.map((card) => ({ target: { kind: 'card', contactId: card.contactId }, card }));
  }

  async function multiget(reply: FastifyReply, body: XmlElement, context: DavContext) {
    const props = propRequestOf(body);
    const hrefs = childrenNamed(body, DAV, 'href').map((href) => href.text);
    const wanted = hrefs.map((href) => ({ href, target: targetOf(pathOfHref(href) ?? '', context.userId) }));
    const ids = wanted.flatMap(({ target }) => (target?.kind === 'card' ? [target.contactId] : []));
    const cards = new Map((await cardsOf(context.userId, props, ids)).map((card) => [card.contactId, card]));
    const responses = wanted.map(({ href, target }) => {
      const card = target?.kind === 'card' ? cards.get(target.contactId) : undefined;
      return target && card ? responseFor({ target, card }, context, props) : statusResponse(href, 404);
    });
    return sendXml(reply, 207, multistatus(responses));
  }

  async function query(reply: FastifyReply, body: XmlElement, context: DavContext) {
    const props = propRequestOf(body);
    const filter = child(body, CARDDAV, 'filter');
    const cards = (await cardsOf(context.userId, props)).filter((card) => passesFilter(card.contact, filter));
    return sendXml(
      reply,
      207,
      multistatus(cardResources(cards).map((resource) => responseFor(resource, context, props))),
    );
  }

  /**
   * Everything for an empty token; otherwise the cards changed and the hrefs deleted after the token's
   * version. A token this book did not give, from the future (a restored backup) or older than the
   * tombstones kept is refused with valid-sync-token, which makes clients sync everything again.
   */
  async function syncCollection(reply: FastifyReply, body: XmlElement, context: DavContext) {
    const props = propRequestOf(body);
    const given = child(body, DAV, 'sync-token')?.text ?? '';
    const { userId, listVersion } = context;
    let since: string | undefined;
    if (given !== '') {
      since = versionOfSyncToken(given);
      const oldest = await findOldestCursor(db, userId);
      if (since === undefined || BigInt(since) > BigInt(listVersion) || BigInt(since) < BigInt(oldest)) {
        return refuse(reply, 403, DAV, 'valid-sync-token', DavMessages.badSyncToken);
      }
    }
    const [changed, deleted] = await Promise.all([
      listVersionedContacts(db, userId, since === undefined ? {} : { since }),
      since === undefined ? [] : listDeletedContactIdsSince(db, userId, since),
    ]);
    const responses = [
      ...cardResources(await asCards(changed, props)).map((resource) =>
        responseFor(resource, context, props),
      ),
      ...deleted.map((contactId) => statusResponse(davPaths.card(userId, contactId), 404)),
    ];
    return sendXml(reply, 207, multistatus(responses, element(DAV, 'sync-token', syncToken(listVersion))));
  }

  async function report(
    request: FastifyRequest,
    reply: FastifyReply,
    target: DavTarget,
    context: DavContext,
  ) {
    const body = parseXmlBody(String(request.body ?? ''));
    if (target.kind === 'book' && body?.ns === CARDDAV && body.name === 'addressbook-multiget')
      return multiget(reply, body, context);
    if (target.kind === 'book' && body?.ns === CARDDAV && body.name === 'addressbook-query')
      return query(reply, body, context);
    if (target.kind === 'book' && body?.ns === DAV && body.name === 'sync-collection')
      return syncCollection(reply, body, context);
    return refuse(reply, 403, DAV, 'supported-report', DavMessages.noSuchReport);
  }

  async function getCard(request: FastifyRequest, reply: FastifyReply, target: DavTarget, userId: string) {
    if (target.kind !== 'card') {
      return reply.type('text/plain; charset=utf-8').send(`Tapnet address book. ${DavMessages.signIn}`);
    }
    const [contact] = await listVersionedContacts(db, userId, { ids: [target.contactId] });
    if (!contact) return reply.code(404).type('text/plain').send(DavMessages.notFound);
    const etag = cardETag(contact.version);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache, private');
    // An address book that has the card already is told so before its photo is read.
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const card = cardOf(contact, await photosOf([contact]));
    return reply.type('text/vcard; charset=utf-8').send(vCardOf(card));
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    reply.header('DAV', '1, 3, addressbook');
    if (request.method === 'OPTIONS') {
      return reply.header('Allow', READ_METHODS.join(', ')).code(200).send();
    }
    const userId = await memberOfRequest(request);
    if (!userId) {
      return reply
        .code(401)
        .header('WWW-Authenticate', CHALLENGE)
        .type('text/plain')
        .send(DavMessages.signIn);
    }
    // App passwords are no way around a suspension: refused here as the API refuses its token.
    if (isAccountSuspended(app.security, userId)) {
      return reply.code(403).type('text/plain').header('Cache-Control', 'no-store').send(SUSPENDED_MESSAGE);
    }
    // Nothing is written anywhere, whatever the path names.
    if (WRITE_METHODS.includes(request.method as HTTPMethods)) {
      return refuse(reply, 403, DAV, 'need-privileges', DavMessages.readOnly);
    }
    const target = targetOf(pathOfHref(request.url) ?? '', userId);
    if (!target) return reply.code(404).type('text/plain').send(DavMessages.notFound);
    const context: DavContext = { userId, listVersion: await findContactListVersion(db, userId) };
    try {
      if (request.method === 'PROPFIND') return await propfind(request, reply, target, context);
      if (request.method === 'REPORT') return await report(request, reply, target, context);
      return await getCard(request, reply, target, userId);
    } catch (error) {
      if (error instanceof XmlBodyError) return reply.code(400).type('text/plain').send(error.message);
      throw error;
    }
  }

  const config = perMinute({ perAddress: 1200, perAccount: 1200 });
  const methods = [...READ_METHODS, ...WRITE_METHODS];
  app.route({ method: methods, url: '/carddav', handler: handle, config });
  app.route({ method: methods, url: '/carddav/*', handler: handle, config });
  // iOS asks the server's root first (market-2026 §4); the root's GET stays the app.
  app.route({ method: ['PROPFIND', 'REPORT'], url: '/', handler: handle, config });
  // RFC 6764: the well-known address sends every method, without signing in, to the service's root.
  app.route({
    method: ['GET', 'PROPFIND', 'OPTIONS'],
    url: '/.well-known/carddav',
    handler: (_request, reply) => reply.code(301).header('Location', davPaths.root).send(),
  });
}
