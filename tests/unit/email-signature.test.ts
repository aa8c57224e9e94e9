// The e-mail signature's HTML and text (issue 26 point 4), as a mail client reads them: inline styles
// only, the QR code as an image by URL (never a data: URI), every value escaped.
import { describe, expect, it } from 'vitest';
import { emailSignature } from '../../src/features/card/email-signature';

const CARD_URL = 'https://tapnet.example/c/nina-nocard';
const QR_URL = 'https://tapnet.example/api/nfc/nina-nocard/qr.png';
const NINA = {
  name: 'Nina NoCard',
  role: 'Designer',
  company: 'Atelier <Nina> & Co',
  email: 'nina@example.com',
  phone: '+33 6 12 34 56 78',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the e-mail signature', () => {
  it('carries the name, role, company, e-mail, phone, card link and a QR image from our origin', () => {
    const { html } = emailSignature(NINA, { cardUrl: CARD_URL, qrImageUrl: QR_URL });
    const doc = parse(html);
    expect(doc.body.textContent).toContain('Nina NoCard');
    expect(doc.body.textContent).toContain('Designer · Atelier <Nina> & Co');
    expect(doc.body.textContent).toContain('My card: tapnet.example/c/nina-nocard');
    const links = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      `${CARD_URL}?src=link`,
      'mailto:nina@example.com',
      'tel:+33612345678',
      `${CARD_URL}?src=link`,
    ]);
    const image = doc.querySelector('img');
    expect(image?.getAttribute('src')).toBe(QR_URL);
    expect(image?.getAttribute('alt')).toBe("QR code of Nina NoCard's card");
    expect(image?.getAttribute('width')).toBe('96');
  });

  it('is styled inline only, with no data: URI, and escapes what the member typed', () => {
    const { html } = emailSignature(NINA, { cardUrl: CARD_URL, qrImageUrl: QR_URL });
    expect(html).not.toMatch(/<style|class=|data:/);
    expect(html).toContain('Atelier &#60;Nina&#62; &#38; Co');
    expect(parse(html).querySelector('table')?.getAttribute('style')).toContain('font-family:Arial');
  });

  it('leaves out what the card does not have, in the HTML and the plain text', () => {
    const { html, text } = emailSignature(
      { name: 'Sam Quiet', role: '', company: '', email: 'sam@example.com', phone: '' },
      { cardUrl: CARD_URL, qrImageUrl: QR_URL },
    );
    expect(text).toBe(`Sam Quiet\nsam@example.com\nMy card: ${CARD_URL}`);
    expect(html).not.toContain('tel:');
    expect(html).not.toContain(' · ');
  });
});
