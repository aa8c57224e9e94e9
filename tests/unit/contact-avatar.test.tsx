// The photo or initials beside a person's name (src/ui/contact-avatar.tsx): a list row drawn again for
// another person must not keep showing the previous person's photo while the new one loads.
import { describe, expect, it } from 'vitest';
import { ContactAvatar, initialsOf } from '../../src/ui/contact-avatar';
import { pageRoot } from './page-root';

describe('a contact avatar', () => {
  const page = pageRoot();

  function draw(person: { name: string; photoURL?: string; photoThumbnailURL?: string }) {
    return page.draw(<ContactAvatar person={person} size="contactRow" />).querySelector('img');
  }

  it('draws another person’s photo into a new image, and the same photo into the same one', () => {
    const ada = draw({
      name: 'Ada Lovelace',
      photoURL: '/api/card/photo/a',
      photoThumbnailURL: '/api/card/photo/a/small',
    });
    expect(ada?.getAttribute('src')).toBe('/api/card/photo/a/small');
    const adaAgain = draw({ name: 'Ada King', photoURL: '/api/card/photo/a' });
    expect(adaAgain).toBe(ada);
    const grace = draw({ name: 'Grace Hopper', photoURL: '/api/card/photo/g' });
    expect(grace).not.toBe(ada);
    expect(grace?.getAttribute('src')).toBe('/api/card/photo/g');
  });

  it('shows initials without a photo', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('Person 16 Núñez')).toBe('PN');
    expect(initialsOf('  élodie  (Lyon) Durand')).toBe('ÉD');
    expect(initialsOf('42 7')).toBe('47');
  });
});
