import { beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/contacts';
import {
  orderContacts,
  readIgnoredContacts,
  writeIgnoredContacts,
} from '../../src/features/contacts/contact-order';
import { StorageKeys } from '../../src/session/storage-keys';

function contact(fields: Partial<Contact> & Pick<Contact, '_id' | 'name'>): Contact {
  return {
    pronouns: '',
    company: '',
    role: '',
    email: '',
    phone: '',
    linkedinURL: '',
    additionalURL: '',
    notes: '',
    lat: null,
    lng: null,
    isFlagged: false,
    connectedAt: '2026-01-01T00:00:00.000Z',
    contactDetailsSent: false,
    inviteSentByEmail: false,
    fromInvitation: false,
    nfcUID: null,
    ...fields,
  };
}

const contacts = [
  contact({ _id: 'b', name: 'barbara Liskov', company: 'MIT', connectedAt: '2026-03-01T00:00:00.000Z' }),
  contact({ _id: 'a', name: 'Alan Turing', company: '', connectedAt: '2026-05-01T00:00:00.000Z' }),
  contact({
    _id: 'c',
    name: 'Charles Babbage',
    company: 'Analytical Engines',
    isFlagged: true,
    connectedAt: '2026-01-01T00:00:00.000Z',
  }),
  contact({
    _id: 'g',
    name: 'Grace Hopper',
    company: 'Navy',
    isFlagged: true,
    connectedAt: '2026-04-01T00:00:00.000Z',
  }),
];
const ids = (list: Contact[]) => list.map((item) => item._id);

describe('orderContacts', () => {
  it('puts the most recently met first', () => {
    expect(ids(orderContacts(contacts, 'recent'))).toEqual(['a', 'g', 'b', 'c']);
  });

  it('sorts by name ignoring case', () => {
    expect(ids(orderContacts(contacts, 'name'))).toEqual(['a', 'b', 'c', 'g']);
  });

  it('sorts by company and puts contacts without one last', () => {
    expect(ids(orderContacts(contacts, 'company'))).toEqual(['c', 'b', 'g', 'a']);
  });

  it('keeps only flagged contacts, newest first, for flagged', () => {
    expect(ids(orderContacts(contacts, 'flagged'))).toEqual(['g', 'c']);
  });

  it('leaves the list it was given as it was', () => {
    orderContacts(contacts, 'name');
    expect(ids(contacts)).toEqual(['b', 'a', 'c', 'g']);
  });

  it('keeps a list already newest first as it is, in a list of its own, contacts met together in order', () => {
    const stored = [
      contact({ _id: 'x', name: 'X', connectedAt: '2026-05-01T00:00:00.000Z' }),
      contact({ _id: 'y', name: 'Y', connectedAt: '2026-05-01T00:00:00.000Z' }),
      contact({ _id: 'z', name: 'Z', connectedAt: '2026-04-01T00:00:00.000Z' }),
    ];
    const ordered = orderContacts(stored, 'recent');
    expect(ids(ordered)).toEqual(['x', 'y', 'z']);
    expect(ordered).not.toBe(stored);
  });

  it('sorts a list newest first but for its last contact, and one with an unreadable date', () => {
    const almost = [
      contact({ _id: 'x', name: 'X', connectedAt: '2026-05-01T00:00:00.000Z' }),
      contact({ _id: 'y', name: 'Y', connectedAt: '2026-04-01T00:00:00.000Z' }),
      contact({ _id: 'z', name: 'Z', connectedAt: '2026-06-01T00:00:00.000Z' }),
    ];
    expect(ids(orderContacts(almost, 'recent'))).toEqual(['z', 'x', 'y']);
    const unreadable = [almost[0], contact({ _id: 'n', name: 'N', connectedAt: 'not a date' }), almost[1]];
    expect(ids(orderContacts(unreadable as Contact[], 'recent'))).toEqual(['x', 'n', 'y']);
  });
});

describe('ignored contacts', () => {
  beforeEach(() => localStorage.clear());

  it('reads back the ids it wrote', () => {
    writeIgnoredContacts(['a', 'b']);
    expect(readIgnoredContacts()).toEqual(['a', 'b']);
  });

  it('is empty when nothing is stored', () => {
    expect(readIgnoredContacts()).toEqual([]);
  });

  it.each(['not json', '{"a":1}', '[1,2]', 'null'])('drops an unreadable value (%s)', (stored) => {
    localStorage.setItem(StorageKeys.ignoredContacts, stored);
    expect(readIgnoredContacts()).toEqual([]);
    expect(localStorage.getItem(StorageKeys.ignoredContacts)).toBeNull();
  });
});
