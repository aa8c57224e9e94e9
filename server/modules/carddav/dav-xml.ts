// The XML of WebDAV (RFC 4918) as CardDAV clients send it: request bodies read into elements named by
// namespace and local name (clients choose their own prefixes: D:, d:, A:, none), and 207 Multi-Status
// answers written with fixed prefixes.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export const DAV = 'DAV:';
export const CARDDAV = 'urn:ietf:params:xml:ns:carddav';
/** getctag: the collection's tag, which iOS and macOS read before anything else. */
export const CALENDARSERVER = 'http://calendarserver.org/ns/';

const PREFIXES: Record<string, string> = { [DAV]: 'd', [CARDDAV]: 'card', [CALENDARSERVER]: 'cs' };

export interface XmlElement {
  ns: string;
  name: string;
  /** By local name (no DAV request attribute has a namespace), namespace declarations left out. */
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A property by namespace and local name, as `{ns}name` (Clark notation) for lookups. */
export function keyOf({ ns, name }: { ns: string; name: string }): string {
  return `{${ns}}${name}`;
}

export class XmlBodyError extends Error {
  override name = 'XmlBodyError';
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
});

/**
 * The root element of a request body, or undefined for an empty one. A document type (and so any entity
 * it could declare) is refused: no DAV request needs one.
 */
export function parseXmlBody(body: string): XmlElement | undefined {
  if (body.trim() === '') return undefined;
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new XmlBodyError('Document types are not accepted');
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new XmlBodyError(`The request body is not well-formed XML: ${valid.err.msg}`);
  const roots = toElements(parser.parse(body) as OrderedNode[], new Map());
  const [root] = roots;
  if (!root) throw new XmlBodyError('The request body has no element');
  return root;
}

function toElements(nodes: OrderedNode[], scope: ReadonlyMap<string, string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
    if (!tag) continue;
    const attributes = node[':@'] ?? {};
    const inner = new Map(scope);
    const plain: Record<string, string> = {};
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute === 'xmlns') inner.set('', value);
      else if (attribute.startsWith('xmlns:')) inner.set(attribute.slice('xmlns:'.length), value);
      else plain[attribute.slice(attribute.indexOf(':') + 1)] = value;
    }
    const colon = tag.indexOf(':');
    const prefix = colon === -1 ? '' : tag.slice(0, colon);
    const content = (node[tag] ?? []) as OrderedNode[];
    elements.push({
      ns: inner.get(prefix) ?? '',
      name: colon === -1 ? tag : tag.slice(colon + 1),
      attributes: plain,
      children: toElements(content, inner),
      text: content
        .map((child) => child['#text'])
        .filter((text) => text !== undefined)
        .join(''),
    });
  }
  return elements;
}

export function child(element: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return element?.children.find((one) => one.ns === ns && one.name === name);
}

export function childrenNamed(element: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return element?.children.filter((one) => one.ns === ns && one.name === name) ?? [];
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** A property's answer: its name and its value as XML (already escaped), or empty. */
export interface PropertyValue {
  ns: string;
  name: string;
  xml: string;
}

function qualified(ns: string, name: string): { tag: string; declaration: string } {
  const prefix = PREFIXES[ns];
  if (prefix) return { tag: `${prefix}:${name}`, declaration: '' };
  // A property of a namespace we do not know (asked for, and answered 404): declared on the element.
  return { tag: `x:${name}`, declaration: ` xmlns:x="${escapeXml(ns)}"` };
}

export function element(ns: string, name: string, xml = ''): string {
  const { tag, declaration } = qualified(ns, name);
  return xml === '' ? `<${tag}${declaration}/>` : `<${tag}${declaration}>${xml}</${tag}>`;
}

export function hrefElement(href: string): string {
  return element(DAV, 'href', escapeXml(href));
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  507: 'Insufficient Storage',
};

export function statusElement(status: number): string {
  return element(DAV, 'status', `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`.trim());
}

/** One resource of a multistatus: its found properties (200) and those it does not have (404). */
export function propstatResponse(href: string, found: PropertyValue[], missing: PropertyValue[]): string {
  const propstat = (values: PropertyValue[], status: number) =>
    values.length === 0
      ? ''
      : element(
          DAV,
          'propstat',
          element(DAV, 'prop', values.map((value) => element(value.ns, value.name, value.xml)).join('')) +
            statusElement(status),
        );
  return element(DAV, 'response', hrefElement(href) + propstat(found, 200) + propstat(missing, 404));
}

/** A resource answered by status alone: a deleted one in a sync report, an unknown one in a multiget. */
export function statusResponse(href: string, status: number): string {
  return element(DAV, 'response', hrefElement(href) + statusElement(status));
}

const NAMESPACES = Object.entries(PREFIXES)
  .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
  .join('');

export function multistatus(responses: string[], extra = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus${NAMESPACES}>${responses.join('')}${extra}</d:multistatus>`;
}

/** An error body of RFC 4918 §16: a precondition by name, and words for the person reading it. */
export function errorBody(ns: string, precondition: string, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error${NAMESPACES}>${element(ns, precondition)}<d:responsedescription>${escapeXml(message)}</d:responsedescription></d:error>`;
}
