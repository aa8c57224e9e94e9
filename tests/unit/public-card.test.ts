import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicCard } from '../../contract/card';
import { parsePublicCard, parseTap } from '../../src/api/cards';
import { readCardData, serializeCardData } from '../../src/features/public-card/card-data';
import { parsePublicCardPath } from '../../src/features/public-card/card-path';
import {
  CONFIRM_LOCATION_AFTER_MS,
  decideLocation,
  LOCATION_WINDOW_MS,
  needsLocationConfirmation,
} from '../../src/features/public-card/location';
import {
  classifyReferrer,
  isLikelyNfc,
  type NfcSignals,
  nfcLikelihoodScore,
} from '../../src/features/public-card/nfc-likelihood';
import { tapProofIn } from '../../src/features/public-card/tap-proof';
import {
  clearPendingCardSave,
  PENDING_CARD_SAVE_VALIDITY_MS,
  readPendingCardSave,
  removeExpiredPendingCardSave,
  storePendingCardSave,
} from '../../src/session/pending-card-save';
import { withScheme } from '../../src/ui/card-links';

const card: PublicCard = {
  nfcUID: `${'ab'.repeat(20)}-7`,
  userId: 'owner-1',
  pronouns: 'she/her',
  name: 'Ada Lovelace',
  company: 'Analytical Engines',
  role: 'Mathematician',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  linkedinURL: 'linkedin.com/in/ada',
  additionalURL: 'https://ada.example.com',
  accent: '',
  links: [],
  photoURL: '',
  photoThumbnailURL: '',
};

const tap: NfcSignals = {
  referrer: 'none',
  isDirectNavigation: true,
  isFirstVisitThisSession: true,
  isMobile: true,
  hasEarlierSession: false,
};

describe('NFC likelihood score (spec §4)', () => {
  it('adds up every signal of a fresh tap', () => {
    expect(nfcLikelihoodScore(tap)).toBe(40 + 30 + 20 + 10 + 15);
    expect(isLikelyNfc(tap)).toBe(true);
  });

  it('takes 10 off for an external referrer and gives no direct-navigation points with one', () => {
    const fromLink = { ...tap, referrer: 'external' as const };
    expect(nfcLikelihoodScore(fromLink)).toBe(-10 + 20 + 10 + 15);
    expect(isLikelyNfc(fromLink)).toBe(false);
  });

  it('is likely NFC at exactly 60 and not at 55', () => {
    const desktopReturning = {
      ...tap,
      isMobile: false,
      hasEarlierSession: true,
      isFirstVisitThisSession: false,
    };
    expect(nfcLikelihoodScore(desktopReturning)).toBe(70);
    const sixty = { ...tap, isDirectNavigation: false, isMobile: false, hasEarlierSession: true };
    expect(nfcLikelihoodScore(sixty)).toBe(60);
    expect(isLikelyNfc(sixty)).toBe(true);
    const fiftyFive = { ...tap, isDirectNavigation: false, isFirstVisitThisSession: false, isMobile: false };
    expect(nfcLikelihoodScore(fiftyFive)).toBe(55);
    expect(isLikelyNfc(fiftyFive)).toBe(false);
  });

  it('tells internal from external referrers', () => {
    expect(classifyReferrer('', 'https://tapnet.test')).toBe('none');
    expect(classifyReferrer('https://tapnet.test/my-card', 'https://tapnet.test')).toBe('internal');
    expect(classifyReferrer('https://mail.example.com/', 'https://tapnet.test')).toBe('external');
  });
});

describe('location rules (spec §4, §9)', () => {
  const openedAt = 1_000_000;

  it('asks for confirmation only after 5 minutes on the page', () => {
    expect(needsLocationConfirmation(openedAt, openedAt + CONFIRM_LOCATION_AFTER_MS)).toBe(false);
    expect(needsLocationConfirmation(openedAt, openedAt + CONFIRM_LOCATION_AFTER_MS + 1)).toBe(true);
  });

  it('captures only for a likely NFC tap within 15 minutes, and never without geolocation', () => {
    const base = { isSupported: true, isLikelyNfc: true, openedAt };
    expect(decideLocation({ ...base, now: openedAt + LOCATION_WINDOW_MS })).toBe('capture');
    expect(decideLocation({ ...base, now: openedAt + LOCATION_WINDOW_MS + 1 })).toBe('too-late');
    expect(decideLocation({ ...base, isLikelyNfc: false, now: openedAt })).toBe('not-nfc');
    expect(decideLocation({ ...base, isSupported: false, now: openedAt })).toBe('unsupported');
  });
});

describe('pending card save (spec §3, §4)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the timestamp, the card fields and nfcUID, but not the owner nor the card’s looks', () => {
    storePendingCardSave({ ...card, accent: '#0f766e', photoURL: '/api/card-photos/abc' }, 5_000);
    const read = readPendingCardSave(5_000);
    expect(read.status).toBe('valid');
    if (read.status !== 'valid') return;
    const {
      userId: _,
      accent: _accent,
      links: _links,
      photoURL: _photo,
      photoThumbnailURL: _small,
      ...fields
    } = card;
    expect(read.save).toEqual({ ...fields, timestamp: 5_000 });
    expect(read.save).not.toHaveProperty('userId');
  });

  it('keeps where they met for a save made offline, and drops coordinates that cannot be', () => {
    storePendingCardSave(card, 5_000, { lat: 45.76, lng: 4.84 });
    const read = readPendingCardSave(5_000);
    expect(read.status === 'valid' && [read.save.lat, read.save.lng]).toEqual([45.76, 4.84]);
    localStorage.setItem('pendingCardSave', JSON.stringify({ ...card, timestamp: 5_000, lat: 91, lng: 4 }));
    const impossible = readPendingCardSave(5_000);
    expect(impossible.status === 'valid' && impossible.save).not.toHaveProperty('lat');
  });

  it('is expired after 30 minutes and removed at start', () => {
    storePendingCardSave(card, 0);
    expect(readPendingCardSave(PENDING_CARD_SAVE_VALIDITY_MS).status).toBe('valid');
    expect(readPendingCardSave(PENDING_CARD_SAVE_VALIDITY_MS + 1).status).toBe('expired');
    removeExpiredPendingCardSave(PENDING_CARD_SAVE_VALIDITY_MS + 1);
    expect(readPendingCardSave().status).toBe('none');
  });

  it('treats an unparsable one as invalid and removes it', () => {
    localStorage.setItem('pendingCardSave', '{not json');
    expect(readPendingCardSave().status).toBe('invalid');
    removeExpiredPendingCardSave();
    expect(localStorage.getItem('pendingCardSave')).toBeNull();
    localStorage.setItem('pendingCardSave', JSON.stringify({ timestamp: 'yesterday', nfcUID: 'x' }));
    expect(readPendingCardSave().status).toBe('invalid');
  });

  it('is gone after clearing', () => {
    storePendingCardSave(card);
    clearPendingCardSave();
    expect(readPendingCardSave().status).toBe('none');
  });
});

describe('card data block', () => {
  it('cannot be closed by text inside the card, and reads back unchanged', () => {
    const hostile = { ...card, company: '</script><script>alert(1)</script>', role: 'a & b \u2028' };
    const block = serializeCardData({ kind: 'card', card: hostile });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block.endsWith('</script>')).toBe(true);
    document.body.innerHTML = block;
    expect(readCardData(document, card.nfcUID)).toEqual({ kind: 'card', card: hostile });
  });

  it('is ignored for another card or when it is not a card', () => {
    document.body.innerHTML = serializeCardData({ kind: 'card', card });
    expect(readCardData(document, 'other')).toBeNull();
    document.body.innerHTML =
      '<script type="application/json" id="card-data">{"kind":"card","card":{}}</script>';
    expect(readCardData(document, card.nfcUID)).toBeNull();
    document.body.innerHTML = '';
    expect(readCardData(document, card.nfcUID)).toBeNull();
  });

  it('checks a card field by field', () => {
    expect(parsePublicCard({ ...card, extra: 1 })).toEqual(card);
    expect(parsePublicCard({ ...card, name: 3 })).toBeNull();
  });

  it('carries what the tap proved, and reads anything else as an unverified tap', () => {
    document.body.innerHTML = serializeCardData({ kind: 'card', card, tap: { verified: true, counter: 7 } });
    expect(readCardData(document, card.nfcUID)).toEqual({
      kind: 'card',
      card,
      tap: { verified: true, counter: 7 },
    });
    expect(parseTap({ verified: true })).toEqual({ verified: false, counter: null });
    expect(parseTap({ verified: 'yes', counter: 3 })).toEqual({ verified: false, counter: null });
    expect(parseTap(null)).toEqual({ verified: false, counter: null });
  });
});

describe('a secure card’s tap in the page address', () => {
  const p = 'EF963FF7828658A599F3041510671E88';
  const c = '94EED9EE65337086';

  it('is read from p and c, or NXP’s picc_data and cmac', () => {
    expect(tapProofIn(`?p=${p}&c=${c}&src=nfc`)).toEqual({ p, c });
    expect(tapProofIn(`?picc_data=${p}&cmac=${c}`)).toEqual({ p, c });
  });

  it('is absent from a plain card address and from malformed values', () => {
    expect(tapProofIn('')).toBeNull();
    expect(tapProofIn('?src=qr')).toBeNull();
    expect(tapProofIn(`?p=${p}`)).toBeNull();
    expect(tapProofIn(`?p=${p.slice(1)}&c=${c}`)).toBeNull();
    expect(tapProofIn(`?p=${p}&c=${c.replace('9', 'x')}`)).toBeNull();
  });
});

describe('public card paths and links', () => {
  it('recognises the public card paths, card links included, and nothing else', () => {
    expect(parsePublicCardPath('/nfc/abc-1')).toEqual({ nfcUID: 'abc-1', isOwnerPreview: false });
    expect(parsePublicCardPath('/c/ada-lovelace')).toEqual({ nfcUID: 'ada-lovelace', isOwnerPreview: false });
    expect(parsePublicCardPath('/c/')).toBeNull();
    expect(parsePublicCardPath('/display-card/abc-1')).toEqual({ nfcUID: 'abc-1', isOwnerPreview: false });
    expect(parsePublicCardPath('/my-display-card/abc-1')).toEqual({ nfcUID: 'abc-1', isOwnerPreview: true });
    expect(parsePublicCardPath('/nfc/')).toBeNull();
    expect(parsePublicCardPath('/contacts')).toBeNull();
    expect(parsePublicCardPath('/nfc/%E0%A4%A')).toBeNull();
  });

  it('adds https:// to LinkedIn and website links that lack a scheme', () => {
    expect(withScheme('linkedin.com/in/ada')).toBe('https://linkedin.com/in/ada');
    expect(withScheme('http://ada.example.com')).toBe('http://ada.example.com');
    expect(withScheme('HTTPS://ada.example.com')).toBe('HTTPS://ada.example.com');
  });
});
