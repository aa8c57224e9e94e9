// Just enough MIME decoding to read what Tapnet sends: headers, encoded words, multipart trees,
// quoted-printable and base64 text parts and attachments (mailparser is not available in the registry here).

export interface MailAttachment {
  filename: string;
  /** The type without parameters, lower-case: 'text/vcard'. */
  contentType: string;
  /** Decoded as text in the part's charset (UTF-8 unless it says otherwise). */
  content: string;
}

export interface ParsedMail {
  from: string;
  to: string;
  /** Empty when the mail has no Reply-To header. */
  replyTo: string;
  subject: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers; empty when absent. */
  listUnsubscribe: string;
  listUnsubscribePost: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

interface FoundParts {
  text?: string;
  html?: string;
  attachments: MailAttachment[];
}

interface Part {
  headers: Map<string, string>;
  // Raw bytes as a latin1 string, so that every byte survives until the part's charset is known.
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines continue on lines that start with white space (RFC 5322 §2.2.3).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

// "text/plain; charset=utf-8; boundary=\"x\"" → { value: 'text/plain', params: { charset, boundary } }
function parseHeaderValue(header: string | undefined): { value: string; params: Record<string, string> } {
  const [value = '', ...rest] = (header ?? '').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { value: value.trim().toLowerCase(), params };
}

function latin1ToBytes(value: string): Uint8Array {
  return Uint8Array.from(value, (char) => char.charCodeAt(0) & 0xff);
}

function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeBase64(value: string): string {
  return Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('latin1');
}

function toText(latin1: string, charset = 'utf-8'): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(latin1ToBytes(latin1));
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return decodeBase64(body);
    default:
      return body;
  }
}

// RFC 2047 encoded words, e.g. =?UTF-8?Q?Caf=C3=A9?= or =?utf-8?B?Q2Fmw6k=?=; white space between
// two adjacent encoded words is not part of the text.
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B' ? decodeBase64(text) : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return toText(bytes, charset);
    });
}

function collectParts(part: Part, found: FoundParts): void {
  const type = parseHeaderValue(part.headers.get('content-type') ?? 'text/plain');
  const disposition = parseHeaderValue(part.headers.get('content-disposition'));
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    // Everything before the first delimiter is the preamble and everything after the closing one is the epilogue.
    const sections = part.body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(splitPart(section.replace(/^[ \t]*\r?\n/, '')), found);
    }
    return;
  }
  const decode = () =>
    toText(decodeTransfer(part.body, part.headers.get('content-transfer-encoding')), type.params.charset);
  if (disposition.value === 'attachment') {
    const filename = decodeEncodedWords(disposition.params.filename ?? type.params.name ?? '');
    found.attachments.push({ filename, contentType: type.value, content: decode() });
    return;
  }
  const key = type.value === 'text/html' ? 'html' : type.value === 'text/plain' ? 'text' : undefined;
  if (!key || found[key] !== undefined) return;
  const decoded = decode();
  // SMTP carries CRLF line ends; tests compare against the \n-joined text the server composed.
  found[key] = decoded.replace(/\r\n/g, '\n');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function parseMail(raw: Buffer): ParsedMail {
  const root = splitPart(raw.toString('latin1'));
  const found: FoundParts = { attachments: [] };
  collectParts(root, found);
  const header = (name: string) => decodeEncodedWords(toText(root.headers.get(name) ?? ''));
  return {
    from: header('from'),
    to: header('to'),
    replyTo: header('reply-to'),
    subject: header('subject'),
    listUnsubscribe: header('list-unsubscribe'),
    listUnsubscribePost: header('list-unsubscribe-post'),
    text: found.text ?? '',
    html: found.html ?? '',
    attachments: found.attachments,
  };
}
