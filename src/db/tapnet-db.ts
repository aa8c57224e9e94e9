// The app's one IndexedDB database (DESIGN.md §3): its tables, their versioned schema and row shapes.
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie';
import { z } from 'zod';
import { PublicCardSchema } from '../../contract/card';
import { ContactSchema, CreateContactRequestSchema, IdempotencyKeySchema } from '../../contract/contacts';

export const DATABASE_NAME = 'tapnet';

/** A contact save waiting for the network (spec §3 Queued contact), replayed in `id` order. */
export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  payload: CreateContactRequestSchema,
  queuedAt: z.number(),
  idempotencyKey: IdempotencyKeySchema,
  /** Only this member's tokens may replay it: a save is never sent in someone else's name. */
  ownerUserId: z.string().min(1),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/**
 * The signed-in member's tokens, copied from localStorage so that the service worker (which has no
 * localStorage) replays with the freshest ones. `isAheadOfPage` marks tokens a replay refreshed: the
 * page must adopt them, because the refresh token it holds has been rotated away.
 */
export const AuthMirrorSchema = z.object({
  key: z.literal('current'),
  userId: z.string().min(1),
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  isAheadOfPage: z.boolean(),
  updatedAt: z.number(),
});
export type AuthMirror = z.infer<typeof AuthMirrorSchema>;

/** A queued save the server refused for good (own card, unknown card): the member is told once. */
export const FailedSaveSchema = z.object({
  id: z.number().int(),
  ownerUserId: z.string().min(1),
  nfcUID: z.string(),
  name: z.string().nullable(),
  message: z.string(),
  failedAt: z.number(),
});
export type FailedSave = z.infer<typeof FailedSaveSchema>;

/**
 * The contacts of a member's cache entry (spec §3 Contacts cache entry, its `data`), newest first, in
 * one record: one read gives the whole list, where a row per contact made the contacts screen's first
 * paint wait for thousands of reads (docs/budgets.md). Its contacts are checked when read back.
 */
export const ContactListRecordSchema = z.object({
  ownerUserId: z.string().min(1),
  contacts: z.array(ContactSchema),
});
export type ContactListRecord = z.infer<typeof ContactListRecordSchema>;

/** The rest of the spec's cache entry, kept apart so that its freshness is read without the whole list. */
export const ContactSetSchema = z.object({
  ownerUserId: z.string().min(1),
  etag: z.string().nullable(),
  lastUpdated: z.number(),
  ttlMs: z.number().positive(),
  schemaVersion: z.number().int(),
  /**
   * The list's first screenful in the screen's default order (most recent first) and how many contacts
   * the list has, rewritten with the list, so the contacts screen paints without reading the whole list
   * (docs/budgets.md). Its contacts are checked when read back. Absent from rows written before it.
   */
  firstScreenful: z.array(z.unknown()).optional(),
  count: z.number().int().nonnegative().optional(),
});
export type ContactSet = z.infer<typeof ContactSetSchema>;

/** A public card this browser has shown, so that a tap with no signal still shows it (DESIGN.md §4 Offline taps). */
export const CardPageSchema = z.object({
  nfcUID: z.string(),
  card: PublicCardSchema,
  seenAt: z.number(),
});
export type CardPage = z.infer<typeof CardPageSchema>;

/**
 * The stored copy of one server read a screen shows (cached-resources.ts), per member. `value` is
 * checked against its resource's schema when read; the row only says how old it is and its ETag.
 */
export const CachedResourceSchema = z.object({
  ownerUserId: z.string().min(1),
  name: z.string().min(1),
  value: z.unknown(),
  fetchedAt: z.number(),
  etag: z.string().nullable(),
});
export type CachedResource = z.infer<typeof CachedResourceSchema>;

/**
 * How many forced refreshes of a member's events or news digest this browser made on one local
 * calendar day (insights-and-operators.md §4 Daily refresh limit). Kept across log-outs: a limit
 * that a new sign-in reset would not be one.
 */
export const InsightRefreshCountSchema = z.object({
  ownerUserId: z.string().min(1),
  kind: z.enum(['events', 'news']),
  /** The local calendar day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count: z.number().int().nonnegative(),
});
export type InsightRefreshCount = z.infer<typeof InsightRefreshCountSchema>;

/**
 * A flag the member changed without a connection (spec §4 Contacts page), waiting to be sent: one row
 * per member and contact with their latest choice, and the state the server had as far as this device knows.
 */
export const PendingFlagSchema = z.object({
  ownerUserId: z.string().min(1),
  contactId: z.string().min(1),
  isFlagged: z.boolean(),
  isFlaggedOnServer: z.boolean(),
  queuedAt: z.number(),
});
export type PendingFlag = z.infer<typeof PendingFlagSchema>;

/**
 * A member write waiting for the network (DESIGN.md §4 Offline writes), replayed in `id` order by
 * src/sync/queue.ts. `kind` names its registered write kind (src/sync/writes/), which checks `payload`;
 * `coalesceKey` joins the writes of one thing (a contact's flag, its notes) so only the latest waits.
 */
export const PendingWriteSchema = z.object({
  id: z.number().int(),
  ownerUserId: z.string().min(1),
  kind: z.string().min(1),
  coalesceKey: z.string().nullable(),
  payload: z.unknown(),
  idempotencyKey: IdempotencyKeySchema,
  queuedAt: z.number(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type PendingWrite = z.infer<typeof PendingWriteSchema>;

/**
 * What the member must hear about a queued write: refused for good (`refused`), or merged with a change
 * made on another device where one of the two texts had to give way (`replaced`). `keptText` holds the
 * text that was not kept, so it can be copied back; the notice stays until the member dismisses it.
 * `announcement` is the spec's message for the refusal, shown once as a toast and then cleared; `writeId`
 * is the queued write's id, for a screen waiting to hear what became of it.
 */
export const WriteNoticeSchema = z.object({
  id: z.number().int(),
  ownerUserId: z.string().min(1),
  kind: z.string().min(1),
  type: z.enum(['refused', 'replaced']),
  message: z.string(),
  keptText: z.string().nullable(),
  at: z.number(),
  // Added after version 8 shipped in no release, optional for the rows written before: no index, no upgrade.
  announcement: z.string().nullable().optional(),
  writeId: z.number().int().nullable().optional(),
});
export type WriteNotice = z.infer<typeof WriteNoticeSchema>;

export class TapnetDb extends Dexie {
  authMirror!: EntityTable<AuthMirror, 'key'>;
  contactLists!: EntityTable<ContactListRecord, 'ownerUserId'>;
  contactSets!: EntityTable<ContactSet, 'ownerUserId'>;
  cardPages!: EntityTable<CardPage, 'nfcUID'>;
  cachedResources!: Table<CachedResource, [string, string]>;
  insightRefreshCounts!: Table<InsightRefreshCount, [string, string, string]>;
  pendingWrites!: EntityTable<PendingWrite, 'id'>;
  writeNotices!: EntityTable<WriteNotice, 'id'>;

  /** Another name only in tests, which open an older database of their own. */
  constructor(name = DATABASE_NAME) {
    super(name);
    // Later versions add tables or indexes here; rows already stored are kept across upgrades.
    this.version(1).stores({
      outbox: '++id, ownerUserId, &idempotencyKey',
      authMirror: 'key',
      failedSaves: '++id, ownerUserId',
    });
    this.version(2).stores({
      contacts: '[ownerUserId+_id], ownerUserId',
      contactSets: 'ownerUserId',
    });
    this.version(3).stores({ cardPages: 'nfcUID, seenAt' });
    this.version(4).stores({ cachedResources: '[ownerUserId+name], ownerUserId' });
    // Lists kept as one row per contact are not carried over: the caches count as absent and are fetched again.
    this.version(5)
      .stores({ contacts: null, contactLists: 'ownerUserId' })
      .upgrade((transaction) => transaction.table('contactSets').clear());
    this.version(6).stores({ insightRefreshCounts: '[ownerUserId+kind+day], day' });
    this.version(7).stores({ pendingFlags: '[ownerUserId+contactId], ownerUserId' });
    // One queue for every offline write: the saves and flags waiting in the tables before it move in,
    // keeping their order, keys and owners, and the saves refused before it become notices.
    this.version(8)
      .stores({
        pendingWrites: '++id, ownerUserId, [ownerUserId+coalesceKey], &idempotencyKey',
        writeNotices: '++id, ownerUserId',
        outbox: null,
        pendingFlags: null,
        failedSaves: null,
      })
      .upgrade(moveIntoPendingWrites);
  }
}

/** The version-8 upgrade, exported for its test: nothing waiting in the old tables is lost. */
export async function moveIntoPendingWrites(transaction: Transaction): Promise<void> {
  const saves = (await transaction.table('outbox').toArray()) as OutboxEntry[];
  const flags = (await transaction.table('pendingFlags').toArray()) as PendingFlag[];
  const failed = (await transaction.table('failedSaves').toArray()) as FailedSave[];
  const writes = transaction.table('pendingWrites');
  for (const save of saves.sort((a, b) => a.id - b.id)) {
    await writes.add({
      ownerUserId: save.ownerUserId,
      kind: 'contact.save',
      coalesceKey: null,
      payload: save.payload,
      idempotencyKey: save.idempotencyKey,
      queuedAt: save.queuedAt,
      attempts: save.attempts,
      lastError: save.lastError,
    });
  }
  // After the saves: a flag may be on a contact that was saved offline too.
  for (const flag of flags.sort((a, b) => a.queuedAt - b.queuedAt)) {
    await writes.add({
      ownerUserId: flag.ownerUserId,
      kind: 'contact.flag',
      coalesceKey: `contact.flag:${flag.contactId}`,
      payload: { contactId: flag.contactId, isFlagged: flag.isFlagged },
      idempotencyKey: crypto.randomUUID().replaceAll('-', ''),
      queuedAt: flag.queuedAt,
      attempts: 0,
      lastError: null,
    });
  }
  for (const save of failed) {
    await transaction.table('writeNotices').add({
      ownerUserId: save.ownerUserId,
      kind: 'contact.save',
      type: 'refused',
      message: `Failed to save contact: ${save.message} (${save.name ?? save.nfcUID})`,
      keptText: null,
      at: save.failedAt,
    });
  }
  await transaction.table('outbox').clear();
  await transaction.table('pendingFlags').clear();
  await transaction.table('failedSaves').clear();
}

export const db = new TapnetDb();

/** Rows that no longer parse are dropped (conventions: validate what is read back) and skipped. */
export function keepParsed<T>(schema: z.ZodType<T>, rows: unknown[]): { valid: T[]; invalid: unknown[] } {
  const valid: T[] = [];
  const invalid: unknown[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(row);
  }
  return { valid, invalid };
}
