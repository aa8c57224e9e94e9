// Whether storage holds a usable session, without loading the token and Dexie code (the public card
// page decides with it and must stay small).
import { Stored } from './browser-storage';

/** Spec §2: a user waiting for their e-mail code counts as signed out. */
export function hasStoredSession(): boolean {
  return Stored.token.read() !== null && Stored.verificationPending.read() !== true;
}
