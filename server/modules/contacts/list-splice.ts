// A member's whole contact list as the JSON bytes GET /api/contact sends, with where each contact lies
// in them, so that after a change only the changed contacts' JSON is built and spliced in (issue 24: the
// whole list ≤ 50 ms of server CPU; the database building all 5,000 contacts' JSON took 55–90 ms).
import type { ContactListPart } from './queries';

export interface BuiltList {
  /** The list version it is at. */
  version: string;
  /** `[`, the contacts' JSON joined by `,`, `]`: UTF-8. */
  body: Buffer;
  /** In list order (connected_at newest first, then id), as listContacts orders them. */
  ids: readonly string[];
  /** Each contact's connected_at in microseconds since 1970 (exact to the year 2255). */
  orders: Float64Array;
  /** Where each contact's JSON starts in `body`, and one more: the i-th ends just before `starts[i + 1] - 1`. */
  starts: Uint32Array;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** What a remembered list weighs in memory: its bytes, and its index at about 80 bytes a contact. */
export function builtListWeight(list: BuiltList): number {
  return list.body.byteLength + 80 * list.ids.length;
}

/** A's place is before b's in the list: met later, or at the same microsecond with a smaller id. */
function isBefore(aOrder: number, aId: string, bOrder: number, bId: string): boolean {
  return aOrder > bOrder || (aOrder === bOrder && aId < bId);
}

/** The contacts of a part, each with its JSON cut out of the part's bytes. */
function contactsOf(part: ContactListPart) {
  const bytes = Buffer.from(part.json);
  const fields = part.index === '' ? [] : part.index.split(' ');
  const contacts: { id: string; order: number; json: Buffer }[] = [];
  let offset = 0;
  for (let field = 0; field + 2 < fields.length; field += 3) {
    const length = Number(fields[field + 2]);
    contacts.push({
      id: fields[field] ?? '',
      order: Number(fields[field + 1]),
      json: bytes.subarray(offset, offset + length),
    });
    offset += length + 1;
  }
  // The lengths are the database's UTF-8 byte counts: cut anywhere else, the list would be broken JSON.
  if (fields.length % 3 !== 0 || Math.max(offset - 1, 0) !== bytes.length) {
    throw new Error('the contact list part does not add up to its JSON');
  }
  return contacts;
}

/** Writes a list contact by contact, in order. */
class ListWriter {
  readonly #chunks: Buffer[] = [OPEN];
  readonly #ids: string[] = [];
  readonly #orders: number[] = [];
  readonly #starts: number[] = [];
  #size = OPEN.length;

  add(id: string, order: number, json: Buffer): void {
    if (this.#ids.length > 0) {
      this.#chunks.push(COMMA);
      this.#size += COMMA.length;
    }
    this.#ids.push(id);
    this.#orders.push(order);
    this.#starts.push(this.#size);
    this.#chunks.push(json);
    this.#size += json.length;
  }

  done(version: string): BuiltList {
    this.#starts.push(this.#size + 1);
    this.#chunks.push(CLOSE);
    return {
      version,
      body: Buffer.concat(this.#chunks, this.#size + CLOSE.length),
      ids: this.#ids,
      orders: Float64Array.from(this.#orders),
      starts: Uint32Array.from(this.#starts),
    };
  }
}

/** The whole list from a part read without `since`. */
export function wholeList(part: ContactListPart): BuiltList {
  const writer = new ListWriter();
  for (const { id, order, json } of contactsOf(part)) writer.add(id, order, json);
  return writer.done(part.version);
}

/**
 * `base` brought to the part's version: the contacts deleted or written since `base` leave their place,
 * and those written come back at theirs (a changed connected_at moves one), merged in list order.
 */
export function splicedList(base: BuiltList, part: ContactListPart): BuiltList {
  const changed = contactsOf(part);
  if (changed.length === 0 && part.deleted.length === 0) return { ...base, version: part.version };
  const leaving = new Set([...part.deleted, ...changed.map(({ id }) => id)]);
  const writer = new ListWriter();
  let next = 0;
  base.ids.forEach((id, index) => {
    if (leaving.has(id)) return;
    const order = base.orders[index] ?? 0;
    let coming = changed[next];
    while (coming && isBefore(coming.order, coming.id, order, id)) {
      writer.add(coming.id, coming.order, coming.json);
      next += 1;
      coming = changed[next];
    }
    writer.add(id, order, base.body.subarray(base.starts[index], (base.starts[index + 1] ?? 0) - 1));
  });
  for (const coming of changed.slice(next)) writer.add(coming.id, coming.order, coming.json);
  return writer.done(part.version);
}
