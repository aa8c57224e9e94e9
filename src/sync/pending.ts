// Live views of the pending-writes queue for screens (features never read the queue's tables): what waits
// per contact and per resource, how many changes wait, and the notices about writes the member must hear of.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact, CreateContactRequest } from '../../contract/contacts';
import { hasStoredContacts } from '../db/contacts-cache';
import { db, keepParsed, type PendingWrite, PendingWriteSchema, WriteNoticeSchema } from '../db/tapnet-db';
import { useSignedInUserId } from '../session/signed-in-user';
import { ContactAddWrite } from './writes/contact-add';
import { ContactSaveWrite, savedCardLabel } from './writes/contact-save';
import { ContactDeleteWrite, ContactFlagWrite, ContactNotesWrite } from './writes/contact-writes';
import { ContactEventWrite, CurrentEventWrite } from './writes/event-writes';
import { AcceptInvitationWrite, DenyInvitationWrite } from './writes/invitation-answers';
import type { ResourceEdit } from './writes/resource-edits';
import type { WriteKind } from './writes/write-kind';

const NONE: readonly PendingWrite[] = [];

function useMemberWrites(): readonly PendingWrite[] {
  const userId = useSignedInUserId();
  return (
    useLiveQuery(
      async () =>
        userId
          ? keepParsed(
              PendingWriteSchema,
              await db.pendingWrites.where('ownerUserId').equals(userId).sortBy('id'),
            ).valid
          : NONE,
      [userId],
    ) ?? NONE
  );
}

function payloadsOf<P>(writes: readonly PendingWrite[], kind: WriteKind<P>): P[] {
  return writes.flatMap((write) => {
    if (write.kind !== kind.kind) return [];
    const parsed = kind.payload.safeParse(write.payload);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What a contact looks like with the member's changes that wait to be sent. */
export interface PendingContactChange {
  isFlagged?: boolean;
  notes?: string;
  /** The event chosen (null: removed). */
  event?: string | null;
  isDeleted?: boolean;
}

const NO_CHANGES: ReadonlyMap<string, PendingContactChange> = new Map();

/** Contact id → the changes that wait for it; live across tabs and the service worker. */
export function usePendingContactChanges(): ReadonlyMap<string, PendingContactChange> {
  const writes = useMemberWrites();
  if (writes.length === 0) return NO_CHANGES;
  const changes = new Map<string, PendingContactChange>();
  const change = (id: string) => changes.get(id) ?? changes.set(id, {}).get(id) ?? {};
  for (const { contactId, isFlagged } of payloadsOf(writes, ContactFlagWrite))
    change(contactId).isFlagged = isFlagged;
  for (const { contactId, notes } of payloadsOf(writes, ContactNotesWrite)) change(contactId).notes = notes;
  for (const { contactId, event } of payloadsOf(writes, ContactEventWrite)) change(contactId).event = event;
  for (const { contactId } of payloadsOf(writes, ContactDeleteWrite)) change(contactId).isDeleted = true;
  return changes;
}

/** The contacts as the member sees them: with their waiting changes, without those they deleted. */
export function withPendingChanges(
  contacts: Contact[],
  changes: ReadonlyMap<string, PendingContactChange>,
): Contact[] {
  if (changes.size === 0) return contacts;
  return contacts.flatMap((contact) => {
    const change = changes.get(contact._id);
    if (!change) return [contact];
    if (change.isDeleted) return [];
    return [
      {
        ...contact,
        ...(change.isFlagged === undefined ? {} : { isFlagged: change.isFlagged }),
        ...(change.notes === undefined ? {} : { notes: change.notes }),
        ...(change.event === undefined ? {} : { event: change.event }),
      },
    ];
  });
}

export interface PendingSave {
  id: number;
  /** The card's name as it was seen, or its serial number for a card tapped offline and never seen. */
  label: string;
}

/** This member's contact saves, and people added by hand, waiting to sync, oldest first. */
export function usePendingSaves(): PendingSave[] {
  const writes = useMemberWrites();
  return writes.flatMap((write) => {
    if (write.kind === ContactAddWrite.kind) {
      const added = ContactAddWrite.payload.safeParse(write.payload);
      return added.success ? [{ id: write.id, label: added.data.name }] : [];
    }
    if (write.kind !== ContactSaveWrite.kind) return [];
    const parsed = ContactSaveWrite.payload.safeParse(write.payload);
    return parsed.success
      ? [{ id: write.id, label: savedCardLabel(parsed.data as CreateContactRequest) }]
      : [];
  });
}

/** The invitations answered on this device whose answer waits to be sent: no longer pending for the member. */
export function useAnsweredInvitationIds(): ReadonlySet<string> {
  const writes = useMemberWrites();
  return new Set(
    [...payloadsOf(writes, AcceptInvitationWrite), ...payloadsOf(writes, DenyInvitationWrite)].map(
      (answer) => answer.invitationId,
    ),
  );
}

/** How many changes wait to be sent: the header's "N changes waiting to sync". */
export function usePendingCount(): number {
  return useMemberWrites().length;
}

/** The member's waiting edit of a resource (its fields as they chose them), or null. */
export function usePendingEdit(kind: WriteKind<ResourceEdit>): Record<string, unknown> | null {
  const [edit] = payloadsOf(useMemberWrites(), kind);
  return edit?.next ?? null;
}

/** The current event the member chose that waits to be sent (null: ended); undefined when none waits. */
export function usePendingCurrentEvent(): string | null | undefined {
  const [choice] = payloadsOf(useMemberWrites(), CurrentEventWrite);
  return choice?.event;
}

/** Notices about writes refused for good or merged with another device's change, oldest first. */
export function useWriteNotices() {
  const userId = useSignedInUserId();
  return (
    useLiveQuery(
      async () =>
        userId
          ? keepParsed(
              WriteNoticeSchema,
              await db.writeNotices.where('ownerUserId').equals(userId).sortBy('id'),
            ).valid
          : [],
      [userId],
    ) ?? []
  );
}

/**
 * A notice's announcement (the spec's message for a refusal), handed to one tab once: it is cleared in
 * the same transaction, so two tabs, or a reload, never show it twice. Null when there is none left.
 */
export function claimAnnouncement(id: number): Promise<string | null> {
  return db.transaction('rw', db.writeNotices, async () => {
    const announcement = (await db.writeNotices.get(id))?.announcement ?? null;
    if (announcement !== null) await db.writeNotices.update(id, { announcement: null });
    return announcement;
  });
}

export async function dismissWriteNotice(id: number): Promise<void> {
  await db.writeNotices.delete(id);
}

/** Whether this browser holds contacts of the signed-in member: then its storage is worth keeping. */
export function useHasStoredContacts(): boolean {
  const userId = useSignedInUserId();
  return (
    useLiveQuery(
      // The count beside the list, not the list: this runs on every screen at start (docs/budgets.md).
      async () => (userId ? await hasStoredContacts(userId) : false),
      [userId],
    ) ?? false
  );
}
