// The whole contact list brought up to date by splicing the contacts changed since it was built
// (server/modules/contacts/list-splice.ts) must be, byte for byte, the list built whole at the new
// version: the same contacts, each where listContacts puts it (met latest first, then by id).
import { describe, expect, it } from 'vitest';
import { type BuiltList, splicedList, wholeList } from '../../server/modules/contacts/list-splice';
import type { ContactListPart } from '../../server/modules/contacts/queries';

interface Row {
  id: string;
  /** connected_at in microseconds since 1970. */
  order: number;
  name: string;
}

/** The list order of the database: connected_at newest first, then id. */
const inListOrder = (rows: Row[]) =>
  [...rows].sort((a, b) => b.order - a.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** A part as readContactListPart answers it: each contact's JSON on a line, and "id order". */
function partOf(version: string, rows: Row[], deleted: string[] = []): ContactListPart {
  const sorted = inListOrder(rows);
  return {
    version,
    oldestCursor: '0',
    json: sorted.map((row) => JSON.stringify({ _id: row.id, name: row.name })).join('\n'),
    index: sorted.map((row) => `${row.id} ${row.order}`).join(' '),
    count: rows.length,
    deleted,
  };
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, order: number, name = `Person ${n}`): Row => ({ id: id(n), order, name });

/** Splices `changed` and `deleted` into the list of `before`; expects the list built whole from `after`. */
function expectSpliced(before: Row[], changed: Row[], deleted: number[]): BuiltList {
  const base = wholeList(partOf('1', before));
  const spliced = splicedList(
    base,
    partOf(
      '2',
      changed,
      deleted.map((n) => id(n)),
    ),
  );
  const changedIds = new Set(changed.map((one) => one.id));
  const gone = new Set(deleted.map((n) => id(n)));
  const after = [...before.filter((one) => !changedIds.has(one.id) && !gone.has(one.id)), ...changed];
  const whole = wholeList(partOf('2', after));
  expect(spliced.body.toString()).toBe(whole.body.toString());
  expect(spliced).toEqual(whole);
  expect(JSON.parse(spliced.body.toString())).toEqual(
    inListOrder(after).map((one) => ({ _id: one.id, name: one.name })),
  );
  return spliced;
}

const five = [row(1, 500), row(2, 400), row(3, 300), row(4, 200), row(5, 100)];

describe('a contact list spliced after a change', () => {
  it('replaces an edited contact in its place', () => {
    expectSpliced(five, [row(3, 300, 'Edited, with "quotes", ünïcode and a comma')], []);
  });

  it('puts a new contact first, and one met earliest last', () => {
    expectSpliced(five, [row(6, 600), row(7, 50)], []);
  });

  it('moves a contact whose meeting time changed', () => {
    expectSpliced(five, [row(1, 150), row(5, 450)], []);
  });

  it('orders contacts met at the same microsecond by id', () => {
    expectSpliced(five, [row(0, 300), row(9, 300), row(4, 300)], []);
  });

  it('drops deleted contacts, also all of them, and one deleted that was never there', () => {
    expectSpliced(five, [], [1, 3, 8]);
    expectSpliced(five, [], [1, 2, 3, 4, 5]);
    expectSpliced([], [row(1, 1)], []);
  });

  it('takes a contact deleted and saved again since as saved', () => {
    expectSpliced(five, [row(2, 700)], [2]);
  });

  it('keeps the bytes when nothing changed, at the new version', () => {
    const base = wholeList(partOf('1', five));
    const spliced = splicedList(base, partOf('3', []));
    expect(spliced.body).toBe(base.body);
    expect(spliced.version).toBe('3');
  });

  it('refuses a part whose lines and index disagree', () => {
    const part = partOf('1', five);
    expect(() => wholeList({ ...part, json: part.json.replace('\n', ',') })).toThrow(/does not add up/);
    expect(() => wholeList({ ...part, index: `${part.index} ${id(9)} 1` })).toThrow(/does not add up/);
    expect(() => wholeList({ ...part, json: '' })).toThrow(/does not add up/);
  });
});
