// The Account Information form's values and what a save sends (spec §4 Account page).
import { isCardId, type UpdateProfileRequest } from '../../../contract/card';
import type { Account } from '../../../contract/user';
import { changedKeys } from '../../ui/form-values';

// A type, not an interface: the dirty-state helpers take any record of strings.
// The sign-in e-mail is not here: it changes through its own confirmed flow (email-change-modal.tsx).
export type AccountValues = {
  name: string;
  /** Empty when no card is linked; clearing it unlinks the card. */
  nfcUID: string;
};

export function accountValues(account: Account): AccountValues {
  return { name: account.name, nfcUID: account.nfcUID ?? '' };
}

/** Only what changed is sent, so an unchanged card is never checked again. */
export function profileChanges(values: AccountValues, loaded: AccountValues): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  for (const key of changedKeys(values, loaded)) {
    if (key === 'nfcUID') changes.nfcUID = values.nfcUID.trim() || null;
    else if (key === 'name') changes.name = values.name.trim();
  }
  return changes;
}

/** A typed Card ID must have the format; an empty one means "unlink". */
export function isSavable(values: AccountValues): boolean {
  return values.nfcUID.trim() === '' || isCardId(values.nfcUID);
}
