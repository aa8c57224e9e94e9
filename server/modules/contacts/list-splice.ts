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

const NEWLINE = 0x0a;

/**
 * A part's contacts in list order: their ids, order keys, and where each one's JSON starts in `bytes`
 * (the first at `first`, the last ending at `end`), and one more: the i-th ends just before
 * `starts[i + 1] - 1`, where a newline parts it from the next (JSON text has none of its own).
 */
function contactsIn(part: ContactListPart, bytes: Buffer, first: number, end: number) {
  const fields = part.index === '' ? [] : part.index.split(' ');
  const count = Math.floor(fields.length / 2);
  const ids: string[] = new Array(count);
  const orders = new Float64Array(count);
  const starts = new Uint32Array(count + 1);
  let start = first;
  for (let contact = 0; contact < count; contact += 1) {
    ids[contact] = fields[2 * contact] ?? '';
    orders[contact] = Number(fields[2 * contact + 1]);
    starts[contact] = start;
    const newline = bytes.indexOf(NEWLINE, start);
    const stop = newline === -1 || newline > end ? end : newline;
    if ((stop === end) !== (contact === count - 1)) throw new PartError();
    start = stop + 1;
  }
  starts[count] = end + 1;
  if (fields.length !== 2 * count || (count === 0 && first !== end)) throw new PartError();
  return { ids, orders, starts };
}

/** The database's JSON lines and its index of them disagree: a contact's JSON would be cut wrong. */
class PartError extends Error {
  constructor() {
    super('the contact list part does not add up to its JSON');
  }
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

/** The whole list from a part read without `since`: the database's JSON, its newlines made commas. */
export function wholeList(part: ContactListPart): BuiltList {
  const body = Buffer.from(`[${part.json}]`);
  const contacts = contactsIn(part, body, 1, body.length - 1);
  for (let contact = 1; contact < contacts.ids.length; contact += 1) {
    body[(contacts.starts[contact] ?? 0) - 1] = COMMA[0] ?? 0;
  }
  return { version: part.version, body, ...contacts };
}

/**
 * `base` brought to the part's version: the contacts deleted or written since `base` leave their place,
 * and those written come back at theirs (a changed connected_at moves one), merged in list order.
 */
export function splicedList(base: BuiltList, part: ContactListPart): BuiltList {
  const json = Buffer.from(part.json);
  const changed = contactsIn(part, json, 0, json.length);
  if (changed.ids.length === 0 && part.deleted.length === 0) return { ...base, version: part.version };
  const leaving = new Set([...part.deleted, ...changed.ids]);
  const writer = new ListWriter();
  const from = (list: { starts: Uint32Array }, bytes: Buffer, index: number) =>
    bytes.subarray(list.starts[index], (list.starts[index + 1] ?? 0) - 1);
  let next = 0;
  base.ids.forEach((id, index) => {
    if (leaving.has(id)) return;
    const order = base.orders[index] ?? 0;
    for (; next < changed.ids.length; next += 1) {
      const coming = changed.ids[next] ?? '';
      const comingOrder = changed.orders[next] ?? 0;
      if (!isBefore(comingOrder, coming, order, id)) break;
      writer.add(coming, comingOrder, from(changed, json, next));
    }
    writer.add(id, order, from(base, base.body, index));
  });
  for (; next < changed.ids.length; next += 1) {
    writer.add(changed.ids[next] ?? '', changed.orders[next] ?? 0, from(changed, json, next));
  }
  return writer.done(part.version);
}
