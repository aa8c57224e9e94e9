// Edits of a member's resources that a screen shows from its cached copy (insight preferences,
// notification settings, the business card): the whole value is sent with If-Match, the version of the
// copy the edit started from. When another device changed it meanwhile (412) the three values are merged
// field by field: a field changed on one side only takes that side; a list of choices takes both sides'
// additions and removals; a field both changed keeps the newer and the member is told what was replaced.
import { z } from 'zod';
import type { Endpoint } from '../../../contract/endpoint';
import { InsightPreferencesResponseSchema, SaveInsightPreferencesEndpoint } from '../../../contract/insights';
import {
  AccountSchema,
  NotificationSettingsSchema,
  SaveNotificationSettingsEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
} from '../../../contract/user';
import { IF_MATCH_HEADER, versionTag } from '../../../contract/versions';
import { storeConfirmedValue } from '../../db/cached-resources';
import { FailureMessages } from './failure-messages';
import type { NoticeText, WriteKind } from './write-kind';

type Fields = Record<string, unknown>;

/**
 * A resource edit: `next` is what the member chose, `base` the copy it was made on, `baseTag` that copy's
 * version (null: no version known, the write is unconditional as before versions existed).
 */
export interface ResourceEdit {
  next: Fields;
  base: Fields;
  baseTag: string | null;
}

const ResourceEditSchema = z.object({
  next: z.record(z.string(), z.unknown()),
  base: z.record(z.string(), z.unknown()),
  baseTag: z.string().nullable(),
});

const isSame = (a: unknown, b: unknown) => versionTag(a) === versionTag(b);

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Both sides' additions and removals, in the order the server has them, then this side's additions. */
function mergeChoices(base: string[], mine: string[], theirs: string[]): string[] {
  const removed = new Set(base.filter((item) => !mine.includes(item)));
  const added = mine.filter((item) => !base.includes(item) && !theirs.includes(item));
  return [...theirs.filter((item) => !removed.has(item)), ...added];
}

/**
 * Field by field, recursing into nested objects (location preferences). `isMineNewer` decides a field
 * both sides changed; `replaced` collects the names of fields where the other side's value gave way.
 */
export function mergeFields(
  base: Fields,
  mine: Fields,
  theirs: Fields,
  isMineNewer: boolean,
  replaced: string[] = [],
  path = '',
): Fields {
  const merged: Fields = { ...theirs };
  for (const field of Object.keys(mine)) {
    const [b, m, t] = [base[field], mine[field], theirs[field]];
    if (isSame(m, b) || isSame(m, t)) continue;
    if (isSame(t, b)) merged[field] = m;
    else if (isStringList(b) && isStringList(m) && isStringList(t)) merged[field] = mergeChoices(b, m, t);
    else if (isRecord(b) && isRecord(m) && isRecord(t))
      merged[field] = mergeFields(b, m, t, isMineNewer, replaced, `${path}${field}.`);
    else if (isMineNewer) {
      merged[field] = m;
      replaced.push(`${path}${field}`);
    }
  }
  return merged;
}

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface ResourceEditKind {
  kind: string;
  /** The cached copy this resource is kept under (src/api), updated with each confirmed answer. */
  cacheName: string;
  endpoint: Endpoint;
  /** The copy as the read answers it. */
  answer: z.ZodType<Fields>;
  /** The fields a write sends, taken from the copy (preferences sit under `preferences`). */
  fieldsOf(copy: Fields): Fields;
  /** When the server's copy last changed, when the copy says so; otherwise this side counts as newer. */
  changedAt?(copy: Fields): number | null;
  label: string;
  /** The spec's message when the server refused it for good (FailureMessages). */
  failureMessage: string;
  /** The endpoint takes only the fields that change (the profile): a write never sends the others. */
  isPatch?: boolean;
}

function pick(fields: Fields, keys: string[]): Fields {
  return Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
}

/** A resource edit's kind, which also says which fields of the screen's copy an edit is based on. */
export interface ResourceEditWrite extends WriteKind<ResourceEdit> {
  fieldsOf(copy: Fields): Fields;
}

function resourceEditWrite(definition: ResourceEditKind): ResourceEditWrite {
  const { fieldsOf } = definition;
  return {
    kind: definition.kind,
    fieldsOf,
    payload: ResourceEditSchema,
    coalesceKey: () => definition.kind,
    // The newer choice, still based on the copy the first one started from: that is what the server holds.
    // A patch keeps the fields the waiting one changed too.
    coalesce: (waiting, newer) => ({
      next: definition.isPatch ? { ...waiting.next, ...newer.next } : newer.next,
      base: waiting.base,
      baseTag: waiting.baseTag,
    }),
    request: ({ next, baseTag }) => ({
      endpoint: definition.endpoint,
      body: next,
      headers: baseTag === null ? undefined : { [IF_MATCH_HEADER]: baseTag },
    }),
    async applied({ ownerUserId }, _payload, answer) {
      const value = definition.answer.parse(answer.body);
      await storeConfirmedValue(definition.cacheName, ownerUserId, value, answer.headers.get('ETag'));
    },
    rebase: (waiting, answer) => {
      const value = definition.answer.parse(answer.body);
      return { ...waiting, base: fieldsOf(value), baseTag: answer.headers.get('ETag') };
    },
    async resolve({ ownerUserId, queuedAt }, { base, next }, conflict) {
      const current = definition.answer.parse(conflict.current);
      const theirs = fieldsOf(current);
      // The copy is the server's as it is now: shown at once, and the base of what is sent next.
      const tag = versionTag(current);
      await storeConfirmedValue(definition.cacheName, ownerUserId, current, tag);
      const theirsAt = definition.changedAt?.(current) ?? null;
      const replaced: string[] = [];
      const merged = mergeFields(base, next, theirs, theirsAt === null || queuedAt >= theirsAt, replaced);
      const notice: NoticeText | undefined =
        replaced.length > 0
          ? {
              message: `Your ${definition.label} replaced changes made on another device (${replaced.join(', ')}).`,
              keptText: JSON.stringify(theirs, null, 2),
            }
          : undefined;
      if (isSame(merged, theirs)) return { payload: null, notice };
      const toSend = definition.isPatch ? pick(merged, Object.keys(next)) : merged;
      return { payload: { next: toSend, base: theirs, baseTag: tag }, notice };
    },
    refused: ({ next }, reason) => ({
      message: `Your ${definition.label} could not be saved: ${reason}`,
      keptText: JSON.stringify(next, null, 2),
      announcement: definition.failureMessage,
    }),
  };
}

const PreferencesCopySchema = InsightPreferencesResponseSchema as unknown as z.ZodType<Fields>;

export const InsightPreferencesWrite = resourceEditWrite({
  kind: 'insight-preferences',
  cacheName: 'insight-preferences',
  endpoint: SaveInsightPreferencesEndpoint,
  answer: PreferencesCopySchema,
  fieldsOf: (copy) => (copy.preferences ?? {}) as Fields,
  changedAt: (copy) => (typeof copy.updatedAt === 'string' ? Date.parse(copy.updatedAt) : null),
  label: 'insight preferences',
  failureMessage: FailureMessages.preference,
});

export const NotificationSettingsWrite = resourceEditWrite({
  kind: 'notification-settings',
  cacheName: 'notification-settings',
  endpoint: SaveNotificationSettingsEndpoint,
  answer: NotificationSettingsSchema as unknown as z.ZodType<Fields>,
  fieldsOf: (copy) => copy,
  label: 'notification settings',
  failureMessage: FailureMessages.notificationSettings,
});

export const BusinessCardWrite = resourceEditWrite({
  kind: 'business-card',
  cacheName: 'account',
  endpoint: UpdateBusinessCardEndpoint,
  answer: AccountSchema as unknown as z.ZodType<Fields>,
  fieldsOf: (copy) => (copy.businessCard ?? {}) as Fields,
  label: 'business card',
  failureMessage: FailureMessages.businessCard,
});

/** Account fields (spec §4 Account page): only what changed is sent, so an unchanged card is not checked again. */
export const ProfileWrite = resourceEditWrite({
  kind: 'profile',
  cacheName: 'account',
  endpoint: UpdateProfileEndpoint,
  answer: AccountSchema as unknown as z.ZodType<Fields>,
  fieldsOf: (copy) => ({ name: copy.name, nfcUID: copy.nfcUID ?? null }),
  label: 'profile',
  failureMessage: FailureMessages.profile,
  isPatch: true,
});
