// Whether storage holds a usable session, without loading the token and Dexie code (the public card
// page decides with it and must stay small).
import { StorageKeys } from './storage-keys';

/** Spec §2: a user waiting for their e-mail code counts as signed out. */
export function hasStoredSession(): boolean {
  return (
    localStorage.getItem(StorageKeys.token) !== null &&
    localStorage.getItem(StorageKeys.verificationPending) !== 'true'
  );
}
