// What the "Add someone" screen tells the member.
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
