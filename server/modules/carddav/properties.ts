// The WebDAV properties of each thing in the address book (RFC 4918, 3744, 5397, 6352, 6578), and the
// <response> a PROPFIND or REPORT gives for one of them.
import {
  ADDRESS_BOOK_DESCRIPTION,
  ADDRESS_BOOK_NAME,
  type Card,
  collectionTag,
  type DavTarget,
  davPaths,
  hrefOf,
  syncToken,
  vCardOf,
} from './address-book';
import {
  CALENDARSERVER,
  CARDDAV,
  child,
  DAV,
  element,
  escapeXml,
  hrefElement,
  keyOf,
  type PropertyValue,
  propstatResponse,
  type XmlElement,
} from './dav-xml';

export interface DavContext {
  userId: string;
  /** The member's contact list version when the request began. */
  listVersion: string;
}

/** A thing to answer for: a card carries its contact. */
export type DavResource =
  | { target: Exclude<DavTarget, { kind: 'card' }> }
  | { target: DavTarget; card: Card };

/** Which properties a request asks for (RFC 4918 §9.1); no body means allprop. */
export type PropRequest =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; names: { ns: string; name: string }[] };

const name = (ns: string, local: string) => ({ ns, name: local, key: keyOf({ ns, name: local }) });

const P = {
  currentUserPrincipal: name(DAV, 'current-user-principal'),
  privileges: name(DAV, 'current-user-privilege-set'),
  resourceType: name(DAV, 'resourcetype'),
  displayName: name(DAV, 'displayname'),
  owner: name(DAV, 'owner'),
  principalUrl: name(DAV, 'principal-URL'),
  homeSet: name(CARDDAV, 'addressbook-home-set'),
  supportedReports: name(DAV, 'supported-report-set'),
  ctag: name(CALENDARSERVER, 'getctag'),
  syncToken: name(DAV, 'sync-token'),
  description: name(CARDDAV, 'addressbook-description'),
  addressData: name(CARDDAV, 'supported-address-data'),
  etag: name(DAV, 'getetag'),
  contentType: name(DAV, 'getcontenttype'),
  contentLength: name(DAV, 'getcontentlength'),
  vCard: name(CARDDAV, 'address-data'),
};
type Property = (typeof P)[keyof typeof P];

const EVERYWHERE = [P.currentUserPrincipal, P.privileges, P.resourceType, P.displayName];

/** The properties of each kind of thing; allprop answers all of them but the cards' data. */
const PROPERTIES: Record<DavTarget['kind'], Property[]> = {
  root: [...EVERYWHERE, P.homeSet],
  principal: [...EVERYWHERE, P.principalUrl, P.homeSet],
  home: [...EVERYWHERE, P.owner],
  book: [...EVERYWHERE, P.owner, P.supportedReports, P.ctag, P.syncToken, P.description, P.addressData],
  card: [...EVERYWHERE, P.etag, P.contentType, P.contentLength, P.vCard],
};

/** Read-only: a client that knows it offers no editing (RFC 3744 §5.4). */
const READ_ONLY = ['read', 'read-current-user-privilege-set']
  .map((privilege) => element(DAV, 'privilege', element(DAV, privilege)))
  .join('');

const REPORTS = [
  element(CARDDAV, 'addressbook-multiget'),
  element(CARDDAV, 'addressbook-query'),
  element(DAV, 'sync-collection'),
]
  .map((report) => element(DAV, 'supported-report', element(DAV, 'report', report)))
  .join('');

function resourceType(target: DavTarget): string {
  switch (target.kind) {
    case 'card':
      return '';
    case 'principal':
      return element(DAV, 'collection') + element(DAV, 'principal');
    case 'book':
      return element(DAV, 'collection') + element(CARDDAV, 'addressbook');
    default:
      return element(DAV, 'collection');
  }
}

function propertyXml(property: Property, resource: DavResource, context: DavContext): string {
  const { userId, listVersion } = context;
  const card = 'card' in resource ? resource.card : undefined;
  switch (property) {
    case P.currentUserPrincipal:
    case P.owner:
    case P.principalUrl:
      return hrefElement(davPaths.principal(userId));
    case P.privileges:
      return READ_ONLY;
    case P.resourceType:
      return resourceType(resource.target);
    case P.displayName:
      return escapeXml(card ? card.contact.name : ADDRESS_BOOK_NAME);
    case P.homeSet:
      return hrefElement(davPaths.home(userId));
    case P.supportedReports:
      return REPORTS;
    case P.ctag:
      return escapeXml(collectionTag(listVersion));
    case P.syncToken:
      return escapeXml(syncToken(listVersion));
    case P.description:
      return escapeXml(ADDRESS_BOOK_DESCRIPTION);
    case P.addressData:
      // vCard 3.0 only: AOSP and degoogled contact apps mangle 4.0 (market-2026 §4).
      return `<card:address-data-type content-type="text/vcard" version="3.0"/>`;
    case P.etag:
      return escapeXml(card?.etag ?? '');
    case P.contentType:
      return 'text/vcard; charset=utf-8';
    case P.contentLength:
      return card ? String(Buffer.byteLength(vCardOf(card))) : '';
    case P.vCard:
      return card ? escapeXml(vCardOf(card)) : '';
  }
  return '';
}

/** Whether the answer holds the cards' vCards (or their length): only then are their photos read. */
export function needsVCards(request: PropRequest): boolean {
  if (request.kind !== 'prop') return request.kind === 'allprop';
  return request.names.some(
    (wanted) => keyOf(wanted) === P.vCard.key || keyOf(wanted) === P.contentLength.key,
  );
}

/** The properties a PROPFIND or REPORT body asks for: its <prop>, allprop, propname, or allprop when absent. */
export function propRequestOf(body: XmlElement | undefined): PropRequest {
  if (child(body, DAV, 'propname')) return { kind: 'propname' };
  const prop = child(body, DAV, 'prop');
  if (!prop) return { kind: 'allprop' };
  return { kind: 'prop', names: prop.children.map(({ ns, name: local }) => ({ ns, name: local })) };
}

/** One <response> for `resource`: the properties asked for that it has, and those it has not. */
export function responseFor(resource: DavResource, context: DavContext, request: PropRequest): string {
  const available = PROPERTIES[resource.target.kind];
  const href = hrefOf(resource.target, context.userId);
  if (request.kind !== 'prop') {
    const listed =
      request.kind === 'allprop' ? available.filter((property) => property !== P.vCard) : available;
    const found = listed.map((property) => ({
      ns: property.ns,
      name: property.name,
      xml: request.kind === 'propname' ? '' : propertyXml(property, resource, context),
    }));
    return propstatResponse(href, found, []);
  }
  const found: PropertyValue[] = [];
  const missing: PropertyValue[] = [];
  for (const wanted of request.names) {
    const property = available.find((one) => one.key === keyOf(wanted));
    if (property) found.push({ ...wanted, xml: propertyXml(property, resource, context) });
    else missing.push({ ...wanted, xml: '' });
  }
  return propstatResponse(href, found, missing);
}
