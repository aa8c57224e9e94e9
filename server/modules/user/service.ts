// The member's account, business card and card link.
import type { Kysely, Transaction } from 'kysely';
import type { BusinessCard, UpdateProfileRequest } from '../../../contract/card';
import type { Account, NotificationSettings } from '../../../contract/user';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { claimCard, findCardForUpdate, fromBusinessCardColumns, releaseCardsOfUser } from '../cards';
import {
  deleteMember,
  findAccount,
  findEmailOptOut,
  setEmailOptOut,
  updateUser,
  upsertBusinessCard,
} from './queries';

export const userMessages = {
  accountNotFound: 'Account not found',
  emailTaken: 'An account with this email already exists.',
  cardNotFound: 'Card not found. Please check the Card ID and try again.',
  cardTaken: 'This card is already linked to another account.',
  emailNeedsConfirmation:
    'To change your sign-in e-mail, confirm it with your password and the code we send to the new address.',
} as const;

export async function getAccount(db: Kysely<Database>, userId: string): Promise<Account> {
  const row = await findAccount(db, userId);
  // A token can outlive its account by a few minutes after deletion; the client then signs out.
  if (!row) throw new HttpError('ACCOUNT_NOT_FOUND', userMessages.accountNotFound);
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    nfcUID: row.nfc_uid,
    cardHandle: row.card_handle,
    joined: row.created_at.toISOString(),
    businessCard: fromBusinessCardColumns(row),
    pendingEmail: row.pending_email,
  };
}

export async function saveBusinessCard(
  db: Kysely<Database>,
  userId: string,
  card: BusinessCard,
): Promise<Account> {
  await upsertBusinessCard(db, userId, card);
  return getAccount(db, userId);
}

/**
 * Name and card link in one transaction: a refused card link leaves the name unchanged too. The sign-in
 * e-mail is not changed here (an access token alone must not move the account to another address); the
 * current one may be sent along unchanged.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: UpdateProfileRequest & { email?: string },
): Promise<Account> {
  // A conditional write (server/versions.ts) already runs in a transaction.
  const inTransaction = <R>(work: (trx: Transaction<Database>) => Promise<R>) =>
    db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
  try {
    await inTransaction(async (trx) => {
      const { name, email, nfcUID } = changes;
      if (email !== undefined && email !== (await findAccount(trx, userId))?.email) {
        throw new HttpError('EMAIL_CHANGE_NEEDS_CONFIRMATION', userMessages.emailNeedsConfirmation);
      }
      if (name !== undefined) await updateUser(trx, userId, { name });
      if (nfcUID === null) await releaseCardsOfUser(trx, userId);
      if (nfcUID) {
        const card = await findCardForUpdate(trx, nfcUID);
        if (!card) throw new HttpError('CARD_NOT_FOUND', userMessages.cardNotFound);
        if (card.user_id && card.user_id !== userId)
          throw new HttpError('CARD_TAKEN', userMessages.cardTaken);
        if (!card.user_id) {
          // A member holds one card: linking a new one (a lost card replaced) releases the old.
          await releaseCardsOfUser(trx, userId);
          await claimCard(trx, nfcUID, userId);
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', userMessages.emailTaken);
    throw error;
  }
  return getAccount(db, userId);
}

export async function getNotificationSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationSettings> {
  const emailOptOut = await findEmailOptOut(db, userId);
  if (emailOptOut === undefined) throw new HttpError('ACCOUNT_NOT_FOUND', userMessages.accountNotFound);
  return { emailOptOut };
}

export async function saveNotificationSettings(
  db: Kysely<Database>,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  if (!(await setEmailOptOut(db, userId, settings.emailOptOut))) {
    throw new HttpError('ACCOUNT_NOT_FOUND', userMessages.accountNotFound);
  }
  return settings;
}

/** Everything of the member in one transaction: either all of it is gone or nothing is. */
export async function deleteAccount(db: Kysely<Database>, userId: string): Promise<void> {
  const isDeleted = await db.transaction().execute((trx) => deleteMember(trx, userId));
  if (!isDeleted) throw new HttpError('ACCOUNT_NOT_FOUND', userMessages.accountNotFound);
}
