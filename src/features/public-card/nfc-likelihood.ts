// Whether the page was most likely opened by tapping the card (spec §4 NFC likelihood score).
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
const SESSION_VISIT_KEY = 'tapnet:card-page-visited';
const EARLIER_SESSION_KEY = 'tapnet:card-page-seen';

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

function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: Storage, key: string): void {
  try {
    storage.setItem(key, '1');
  } catch {
    // Private modes may refuse storage; the score then treats every visit as a first one.
  }
}

/** Reads the signals of this page load and marks the visit, so a reload in this session scores lower. */
export function collectNfcSignals(): NfcSignals {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const signals: NfcSignals = {
    referrer: classifyReferrer(document.referrer, location.origin),
    isDirectNavigation: (navigation?.type ?? 'navigate') === 'navigate',
    isFirstVisitThisSession: readStorage(sessionStorage, SESSION_VISIT_KEY) === null,
    isMobile:
      /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) ||
      window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches === true,
    hasEarlierSession: readStorage(localStorage, EARLIER_SESSION_KEY) !== null,
  };
  writeStorage(sessionStorage, SESSION_VISIT_KEY);
  writeStorage(localStorage, EARLIER_SESSION_KEY);
  return signals;
}
