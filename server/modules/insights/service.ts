// The member's preferences as stored, and priming: preparing both digests in the background after login.
import type { Kysely } from 'kysely';
import {
  type InsightKind,
  type InsightPreferences,
  type InsightPreferencesResponse,
  InsightPreferencesSchema,
} from '../../../contract/insights';
import type { Database } from '../../platform/db/schema';
import { cachedDigest, freshDigest, type InsightsDeps } from './digests';
import { findPreferences, savePreferences } from './queries';

/** The member's saved preferences; the defaults while they never saved (or saved what no longer parses). */
export async function preferencesOf(
  db: Kysely<Database>,
  userId: string,
): Promise<InsightPreferencesResponse> {
  const row = await findPreferences(db, userId);
  const parsed = InsightPreferencesSchema.safeParse(row?.preferences ?? {});
  return {
    preferences: parsed.success ? parsed.data : InsightPreferencesSchema.parse({}),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function replacePreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: InsightPreferences,
): Promise<InsightPreferencesResponse> {
  const updatedAt = await savePreferences(db, userId, preferences);
  return { preferences, updatedAt: updatedAt.toISOString() };
}

/**
 * One background preparation per member at a time, in this process. Its failures are logged, never
 * answered: the spec's prime must not block or fail a login.
 */
export class Primer {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: InsightsDeps) {}

  prime(userId: string): 'priming' | 'already_in_flight' {
    if (this.running.has(userId)) return 'already_in_flight';
    const work = this.prepare(userId)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'priming insights failed'))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, work);
    return 'priming';
  }

  private async prepare(userId: string): Promise<void> {
    const { preferences } = await preferencesOf(this.deps.db, userId);
    const request = { userId, preferences, timezone: 'UTC', now: new Date() };
    for (const kind of ['events', 'news'] as const satisfies InsightKind[]) {
      if (!(await cachedDigest(this.deps, kind, request))) await freshDigest(this.deps, kind, request);
    }
  }

  /** Waits for what is running (the app closes its database after). */
  async settle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}
