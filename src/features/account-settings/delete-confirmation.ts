// The typed confirmation both delete screens ask for (spec §4, §5 Delete account).
export const CONFIRMATION_WORD = 'delete';
export const CONFIRMATION_REQUIRED = 'Please type "delete" to confirm account deletion';

/** Any case counts; spaces a phone keyboard adds around the word do not matter. */
export function isDeletionConfirmed(typed: string): boolean {
  return typed.trim().toLowerCase() === CONFIRMATION_WORD;
}
