// The text read from a paper card, into the "Add someone" fields (src/features/add-someone/card-text.ts):
// plain strings as OCR gives them, with its usual slips.
import { describe, expect, it } from 'vitest';
import { readCardText } from '../../src/features/add-someone/card-text';

describe('readCardText', () => {
  it('reads a classic card: name, role, company, then contact lines', () => {
    expect(
      readCardText(
        'Rosa Paper\nHead of Printing\nPaper & Ink Ltd\nT: +44 20 7946 0018\nrosa.paper@paperink.co.uk\nwww.paperink.co.uk\n12 Fleet Street, London',
      ),
    ).toEqual({
      name: 'Rosa Paper',
      role: 'Head of Printing',
      company: 'Paper & Ink Ltd',
      phone: '+44 20 7946 0018',
      email: 'rosa.paper@paperink.co.uk',
      website: 'www.paperink.co.uk',
    });
  });

  it('reads a company first, labels and all-caps names, and skips a fax number', () => {
    expect(
      readCardText(
        'NORTHWIND LABS\n\nJAMES O’NEIL\nSenior Software Engineer\nFax: +1 555 010 9999\nMobile: (555) 010-2233\nE-mail: James.ONeil@Northwind.example',
      ),
    ).toMatchObject({
      name: 'JAMES O’NEIL',
      role: 'Senior Software Engineer',
      company: 'NORTHWIND LABS',
      phone: '(555) 010-2233',
      email: 'james.oneil@northwind.example',
    });
  });

  it('puts back an e-mail address OCR split up, and takes the company from its domain as a last resort', () => {
    expect(readCardText('Mara Lind\nmara @ lind-design . com\n+46 70 123 45 67')).toEqual({
      name: 'Mara Lind',
      email: 'mara@lind-design.com',
      phone: '+46 70 123 45 67',
      company: 'Lind Design',
      role: '',
      website: '',
    });
  });

  it('proposes nothing it cannot find, and no company from a mail provider', () => {
    expect(readCardText('ki@gmail.com')).toEqual({
      name: '',
      email: 'ki@gmail.com',
      phone: '',
      company: '',
      role: '',
      website: '',
    });
    expect(readCardText('')).toEqual({ name: '', email: '', phone: '', company: '', role: '', website: '' });
  });

  it('does not take a short number or a postcode for a phone', () => {
    expect(readCardText('Leo Brandt\nSuite 12\nBerlin 10115').phone).toBe('');
  });
});
