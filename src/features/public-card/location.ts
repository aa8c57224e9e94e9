// Where people met: when to ask, when to capture, and what to tell (spec §4 Save-contact flow, §8, §9).

/** Spec §9: after this long on the page the user confirms that they still want the location saved. */
export const CONFIRM_LOCATION_AFTER_MS = 5 * 60_000;
/** Spec §9: location is captured only within this long of the page opening. */
export const LOCATION_WINDOW_MS = 15 * 60_000;
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60_000,
};
/** Beyond this the fix is still saved, but the user learns it may be off. */
export const POOR_ACCURACY_M = 100;

export const LocationMessages = {
  notNfc: 'Location saving disabled for security.',
  denied: 'Location permission denied: contact saved without location.',
  unavailable: 'Location unavailable (poor signal): contact saved without location.',
  timeout: 'Location request timed out: contact saved without location.',
  unknown: 'Could not get your location: contact saved without location.',
  poorAccuracy: 'Your location is approximate (accurate to more than 100 m).',
} as const;

export function needsLocationConfirmation(openedAt: number, now: number): boolean {
  return now - openedAt > CONFIRM_LOCATION_AFTER_MS;
}

export type LocationDecision = 'capture' | 'unsupported' | 'not-nfc' | 'too-late';

export function decideLocation(input: {
  isSupported: boolean;
  isLikelyNfc: boolean;
  openedAt: number;
  now: number;
}): LocationDecision {
  if (!input.isSupported) return 'unsupported';
  if (!input.isLikelyNfc) return 'not-nfc';
  if (input.now - input.openedAt > LOCATION_WINDOW_MS) return 'too-late';
  return 'capture';
}

export type LocationResult =
  | { kind: 'position'; lat: number; lng: number; accuracy: number }
  | { kind: 'error'; message: string };

function messageForError(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return LocationMessages.denied;
    case error.POSITION_UNAVAILABLE:
      return LocationMessages.unavailable;
    case error.TIMEOUT:
      return LocationMessages.timeout;
    default:
      return LocationMessages.unknown;
  }
}

export function captureLocation(): Promise<LocationResult> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ kind: 'position', lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy }),
      (error) => resolve({ kind: 'error', message: messageForError(error) }),
      GEOLOCATION_OPTIONS,
    );
  });
}
