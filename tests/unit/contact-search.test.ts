// The contacts search (issue 27): accents, case, partial words, every field a member expects, and the
// pieces a row highlights; plus the filters and the A–Z index built on the same folding.
import { describe, expect, it } from 'vitest';
import { lettersOf } from '../../src/features/contacts/alphabet-index';
import {
  filterContacts,
  NO_FILTERS,
  placesMet,
  startOfWeek,
} from '../../src/features/contacts/contact-filters';
import {
  excerptAroundMatch,
  fold,
  hasMatch,
  highlightMatches,
  isNarrowerSearch,
  prepareSearch,
  queryWords,
  searchContacts,
} from '../../src/features/contacts/contact-search';
import { makeContact } from './helpers';

const ana = makeContact('ana', {
  name: 'Ana Núñez',
  company: 'Société Générale',
  role: 'Head of Risk',
  email: 'ana.nunez@socgen.example',
  notes: 'Wants a pilot of the badge scanner in Q1',
  whereMet: 'near Zürich, Switzerland',
});
const bjorn = makeContact('bjorn', {
  name: 'Bjørn Straße',
  company: 'Nordic Ships',
  role: 'CTO',
  email: 'bjorn@ships.example',
  notes: '',
  whereMet: null,
});
const alan = makeContact('alan', {
  name: 'Alan Turing',
  company: 'Bletchley Park',
  role: 'Mathematician',
  email: 'alan@bletchley.example',
  notes: 'Talked about morphogenesis',
  whereMet: 'in London, United Kingdom',
});
const everyone = [ana, bjorn, alan];

function namesFound(query: string): string[] {
  return searchContacts(everyone, queryWords(query)).found.map((contact) => contact.name);
}

describe('searching contacts', () => {
  it('ignores case and accents, both in the contacts and in what is typed', () => {
    expect(namesFound('NUNEZ')).toEqual(['Ana Núñez']);
    expect(namesFound('núñez')).toEqual(['Ana Núñez']);
    expect(namesFound('societe generale')).toEqual(['Ana Núñez']);
    expect(namesFound('zurich')).toEqual(['Ana Núñez']);
  });

  it('reads letters without an accent mark as readers do (ø, ß)', () => {
    expect(fold('Bjørn Straße')).toBe('bjorn strasse');
    expect(namesFound('bjorn strasse')).toEqual(['Bjørn Straße']);
  });

  it('matches the start of words, so a partial word finds its contact and the middle of a word does not', () => {
    expect(namesFound('tur')).toEqual(['Alan Turing']);
    expect(namesFound('morpho')).toEqual(['Alan Turing']);
    expect(namesFound('uring')).toEqual([]);
  });

  it('looks in name, company, role, e-mail, notes and the place met', () => {
    expect(namesFound('ana')).toEqual(['Ana Núñez']);
    expect(namesFound('bletchley')).toEqual(['Alan Turing']);
    expect(namesFound('cto')).toEqual(['Bjørn Straße']);
    expect(namesFound('socgen')).toEqual(['Ana Núñez']);
    expect(namesFound('scanner')).toEqual(['Ana Núñez']);
    expect(namesFound('london')).toEqual(['Alan Turing']);
  });

  it('needs every word typed, in any field and any order', () => {
    expect(namesFound('pilot ana')).toEqual(['Ana Núñez']);
    expect(namesFound('pilot alan')).toEqual([]);
  });

  it('lists everyone, in the order given, for a query of spaces or punctuation alone', () => {
    expect(namesFound('  -- ')).toEqual(['Ana Núñez', 'Bjørn Straße', 'Alan Turing']);
  });

  it('treats punctuation in the query as a word break (an e-mail address typed whole)', () => {
    expect(namesFound('alan@bletchley')).toEqual(['Alan Turing']);
  });

  it('finds a word that begins after punctuation in a contact, not only after a space', () => {
    expect(namesFound('nunez@socgen')).toEqual(['Ana Núñez']);
    expect(namesFound('ships.example')).toEqual(['Bjørn Straße']);
    expect(namesFound('switzerland')).toEqual(['Ana Núñez']);
  });

  it('finds a word that begins a later word when it first appears inside another one', () => {
    const featuring = makeContact('ada', { name: 'Ada Lovelace', notes: 'featuring turing machines' });
    expect(searchContacts([featuring], queryWords('turing')).found).toEqual([featuring]);
    expect(searchContacts([featuring], queryWords('uring')).found).toEqual([]);
  });

  it('reads letters beyond ASCII as parts of words (the middle of a Greek or Cyrillic word is not a start)', () => {
    const greek = makeContact('greek', { name: 'Σωκράτης Παπαδόπουλος' });
    expect(searchContacts([greek], queryWords('παπα')).found).toEqual([greek]);
    expect(searchContacts([greek], queryWords('κρατης')).found).toEqual([]);
  });
});

describe('preparing the search while the list is on screen', () => {
  const many = Array.from({ length: 600 }, (_, index) =>
    makeContact(`person-${index}`, {
      name: `Person ${index}`,
      company: index === 599 ? 'Zürich Re' : 'Acme',
    }),
  );

  it('prepares the contacts a step at a time, letting the browser handle input between steps', async () => {
    let pauses = 0;
    let resume: () => void = () => {};
    const pause = () => {
      pauses += 1;
      return new Promise<void>((resolve) => {
        resume = resolve;
      });
    };
    prepareSearch(many, pause);
    expect(pauses).toBe(1);
    for (let step = 1; step <= 4; step += 1) {
      resume();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // 600 contacts in steps of at most 250: three steps, each after a pause, then the list's joined text and
    // a first search, each after a pause of its own.
    expect(pauses).toBe(5);
    expect(searchContacts(many, queryWords('zurich')).found.map((contact) => contact.name)).toEqual([
      'Person 599',
    ]);
  });

  it('stops when told, and a search meanwhile still finds every contact', async () => {
    let pauses = 0;
    const stop = prepareSearch(many, async () => {
      pauses += 1;
    });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pauses).toBe(1);
    expect(searchContacts(many, queryWords('zur re')).found.map((contact) => contact.name)).toEqual([
      'Person 599',
    ]);
  });
});

describe('narrowing a search as the member types on', () => {
  it('knows a query typed on, or with words added, only narrows the last one', () => {
    expect(isNarrowerSearch(['an'], ['ana'])).toBe(true);
    expect(isNarrowerSearch(['ana'], ['ana', 'z'])).toBe(true);
    expect(isNarrowerSearch(['ana', 'z'], ['zur', 'ana'])).toBe(true);
    expect(isNarrowerSearch([], ['ana'])).toBe(true);
  });

  it('knows a letter taken back, a word removed or changed widens it', () => {
    expect(isNarrowerSearch(['ana'], ['an'])).toBe(false);
    expect(isNarrowerSearch(['ana', 'z'], ['ana'])).toBe(false);
    expect(isNarrowerSearch(['ana'], ['bjo'])).toBe(false);
    expect(isNarrowerSearch(['ana'], [])).toBe(false);
  });

  it('finds among the last matches exactly what a search of everyone finds', () => {
    let search = searchContacts(everyone, []);
    for (const query of ['s', 'so', 'soc', 'soc g', 'soc ge', 'soc gen', 'soc gen a']) {
      const next = queryWords(query);
      expect(isNarrowerSearch(search.words, next)).toBe(true);
      search = searchContacts(everyone, next, search);
      expect(search.found).toEqual(searchContacts(everyone, next).found);
    }
  });

  it('narrows a long list to a few and back, finding what a search of everyone finds, in the list order', () => {
    const cities = ['Zürich', 'Lisbon', 'Łódź', 'Oslo'];
    const list = Array.from({ length: 400 }, (_, index) =>
      makeContact(`person-${index}`, {
        name: `Person ${index}`,
        company: `Company ${index % 13}`,
        notes: index % 50 === 7 ? 'Follow up on the pilot' : '',
        whereMet: `near ${cities[index % cities.length]}`,
      }),
    );
    const matching = (query: string) => {
      const words = queryWords(query);
      return list.filter((contact) =>
        words.every((word) =>
          hasMatch(`${contact.name} ${contact.company} ${contact.notes} ${contact.whereMet}`, [word]),
        ),
      );
    };
    let search = searchContacts(list, []);
    for (const query of [
      'c',
      'company',
      'company 1',
      'company 12 p',
      'company 12 pilot',
      'company 12 pilot lodz',
    ]) {
      search = searchContacts(list, queryWords(query), search);
      expect(search.found, query).toEqual(matching(query));
    }
    expect(searchContacts(list, queryWords('company 12 pilot')).found.map((contact) => contact.name)).toEqual(
      ['Person 207'],
    );
    // Not narrower: from everyone again.
    search = searchContacts(list, queryWords('oslo'), search);
    expect(search.found).toEqual(matching('oslo'));
    expect(search.found).toHaveLength(100);
  });

  it('matches no word across two contacts, and matches the first and last contact of the list', () => {
    const first = makeContact('first', { name: 'Ada Byron' });
    const last = makeContact('last', { name: 'Lovelace King' });
    const list = [first, makeContact('middle', { name: 'Grace Hopper' }), last];
    expect(searchContacts(list, queryWords('ada')).found).toEqual([first]);
    expect(searchContacts(list, queryWords('king')).found).toEqual([last]);
    expect(searchContacts(list, queryWords('hopperlovelace')).found).toEqual([]);
  });
});

describe('highlighting a match', () => {
  it('marks the matched start of each word, in the text as shown, accents included', () => {
    expect(highlightMatches('Ana Núñez', queryWords('nun'))).toEqual([
      { text: 'Ana ', isMatch: false },
      { text: 'Núñ', isMatch: true },
      { text: 'ez', isMatch: false },
    ]);
  });

  it('maps a letter that folds to two back to the one shown', () => {
    expect(highlightMatches('Bjørn Straße', queryWords('strass'))).toEqual([
      { text: 'Bjørn ', isMatch: false },
      { text: 'Straß', isMatch: true },
      { text: 'e', isMatch: false },
    ]);
  });

  it('leaves the middle of a word unmarked and a text without a query whole', () => {
    expect(highlightMatches('Alan Turing', queryWords('ring'))).toEqual([
      { text: 'Alan Turing', isMatch: false },
    ]);
    expect(highlightMatches('Alan Turing', [])).toEqual([{ text: 'Alan Turing', isMatch: false }]);
  });

  it('cuts a long note to start a little before its match', () => {
    const note = 'Long conversation about many things, and at the very end the badge scanner pilot';
    const excerpt = excerptAroundMatch(note, queryWords('pilot'));
    expect(excerpt?.startsWith('…')).toBe(true);
    expect(excerpt?.endsWith('badge scanner pilot')).toBe(true);
    expect(excerptAroundMatch(note, queryWords('nothing'))).toBeNull();
  });
});

describe('filters and the A–Z index', () => {
  const now = new Date(2026, 10, 27, 12); // a Friday
  const thisWeek = makeContact('new', { connectedAt: new Date(2026, 10, 23, 9).toISOString(), notes: 'x' });
  const lastWeek = makeContact('old', {
    connectedAt: new Date(2026, 10, 22, 23).toISOString(),
    isFlagged: true,
  });

  it('starts the week on Monday', () => {
    expect(new Date(startOfWeek(now))).toEqual(new Date(2026, 10, 23));
  });

  it('combines filters: each chosen one must hold', () => {
    const both = [thisWeek, lastWeek];
    expect(filterContacts(both, NO_FILTERS, now)).toBe(both);
    expect(filterContacts(both, { ...NO_FILTERS, isThisWeek: true }, now)).toEqual([thisWeek]);
    expect(filterContacts(both, { ...NO_FILTERS, isFlagged: true }, now)).toEqual([lastWeek]);
    expect(filterContacts(both, { ...NO_FILTERS, hasNotes: true }, now)).toEqual([thisWeek]);
    expect(filterContacts(both, { ...NO_FILTERS, hasNotes: true, isFlagged: true }, now)).toEqual([]);
    expect(filterContacts(everyone, { ...NO_FILTERS, place: 'in London, United Kingdom' }, now)).toEqual([
      alan,
    ]);
  });

  it('offers the places met, the most frequent first', () => {
    const another = makeContact('x', { whereMet: 'in London, United Kingdom' });
    expect(placesMet([...everyone, another])).toEqual([
      'in London, United Kingdom',
      'near Zürich, Switzerland',
    ]);
  });

  it('files each contact under its first letter without accents, in list order', () => {
    const listed = [
      makeContact('1', { name: '3M Person' }),
      makeContact('2', { name: 'Émile Zola' }),
      makeContact('3', { name: 'Eve' }),
      makeContact('4', { name: 'Zoë' }),
    ];
    expect([...lettersOf(listed, 'name')]).toEqual([
      ['#', 0],
      ['E', 1],
      ['Z', 3],
    ]);
  });
});
