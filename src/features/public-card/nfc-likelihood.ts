// Whether the page was most likely opened by tapping the card (spec §4 NFC likelihood score).
import { CARD_SOURCE_PARAM, type CardSource } from '../../../contract/card-paths';
import { Stored } from '../../session/browser-storage';

export const NFC_LIKELIHOOD_THRESHOLD = 60;

const Score = {
  noReferrer: 40,
  externalReferrer: -10,
  directNavigationWithoutReferrer: 30,
  firstVisitThisSession: 20,
  mobileDevice: 10,
  noEarlierSession: 15,
} as const;

/** Spec §9: the mobile breakpoint. */
const MOBILE_MAX_WIDTH_PX = 768;

export type ReferrerKind = 'none' | 'internal' | 'external';

export interface NfcSignals {
  referrer: ReferrerKind;
  isDirectNavigation: boolean;
  isFirstVisitThisSession: boolean;
  isMobile: boolean;
  hasEarlierSession: boolean;
}

export function classifyReferrer(referrer: string, origin: string): ReferrerKind {
  if (!referrer) return 'none';
  try {
    return new URL(referrer).origin === origin ? 'internal' : 'external';
  } catch {
    return 'external';
  }
}

export function nfcLikelihoodScore(signals: NfcSignals): number {
  let score = 0;
  if (signals.referrer === 'none') score += Score.noReferrer;
  if (signals.referrer === 'external') score += Score.externalReferrer;
  if (signals.isDirectNavigation && signals.referrer === 'none')
    score += Score.directNavigationWithoutReferrer;
  if (signals.isFirstVisitThisSession) score += Score.firstVisitThisSession;
  if (signals.isMobile) score += Score.mobileDevice;
  if (!signals.hasEarlierSession) score += Score.noEarlierSession;
  return score;
}

export function isLikelyNfc(signals: NfcSignals): boolean {
  return nfcLikelihoodScore(signals) >= NFC_LIKELIHOOD_THRESHOLD;
}

/** Reads the signals of this page load and marks the visit, so a reload in this session scores lower. */
export function collectNfcSignals(): NfcSignals {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const signals: NfcSignals = {
    referrer: classifyReferrer(document.referrer, location.origin),
    isDirectNavigation: (navigation?.type ?? 'navigate') === 'navigate',
    isFirstVisitThisSession: Stored.cardPageVisitedThisSession.read() === null,
    isMobile:
      /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) ||
      window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches === true,
    hasEarlierSession: Stored.cardPageSeen.read() !== null,
  };
  // Private modes may refuse storage; the score then treats every visit as a first one.
  Stored.cardPageVisitedThisSession.write(true);
  Stored.cardPageSeen.write(true);
  return signals;
}

/**
 * How the visitor came, for the owner's analytics: the QR code and shared links mark the address
 * (`?src=qr`, `?src=link`); an unmarked opening is an NFC tap when it looks like one.
 */
export function visitSource(search: string, looksLikeNfc: boolean): CardSource {
  const marker = new URLSearchParams(search).get(CARD_SOURCE_PARAM);
  if (marker === 'qr' || marker === 'link') return marker;
  return looksLikeNfc ? 'nfc' : 'other';
}
