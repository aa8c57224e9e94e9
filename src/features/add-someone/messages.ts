// What the "Add someone" screen tells the member.
import { OCR_DOWNLOAD_SIZE } from './ocr-files';

export const AddSomeoneScreenMessages = {
  queued: 'Saved on this phone — it will be added to your contacts when you are back online',
  reading: 'Reading the card on this phone…',
  read: 'Read from the card on this phone. Check each field before you save: nothing is saved until you do.',
  readNothing:
    'No text could be read from this photo. Try again in good light, with the card filling the photo.',
  readFailed: 'The card could not be read on this phone. You can type the details in.',
  locating: 'Finding where you are…',
  located: 'Your current location will be saved with the contact.',
  locationFailed: 'Your location could not be found: the contact is saved without it.',
} as const;

/** Whether scanning works with no signal (use-offline-scanning.ts), by state; null says nothing. */
export const OfflineScanningMessages = {
  checking: null,
  ready: 'Scanning works with no signal on this phone.',
  getting: `Getting the card reader (${OCR_DOWNLOAD_SIZE}) so that scanning works with no signal…`,
  'needs-network': `To scan with no signal, open this screen once while online: the card reader (${OCR_DOWNLOAD_SIZE}) is downloaded then.`,
  ask: `Download the card reader (${OCR_DOWNLOAD_SIZE}) once, and scanning works with no signal.`,
  failed: 'The card reader could not be kept on this phone: scanning needs a connection.',
} as const;

export const MAKE_SCANNING_OFFLINE = `Make scanning work offline (${OCR_DOWNLOAD_SIZE})`;
