// What a kind of offline write must say (src/sync/README.md "Adding an offline write"): how its payload
// is checked, how it is sent, what its answer changes in the caches, how it merges with a change made on
// another device, and how the member is told about it.
import type { z } from 'zod';
import type { Endpoint } from '../../../contract/endpoint';
import type { ErrorCode } from '../../../contract/errors';

/** One HTTP call; the queue adds the bearer token, the Idempotency-Key and the replay header. */
export interface WriteRequest {
  endpoint: Endpoint;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The server's answer to a write it took. */
export interface WriteAnswer {
  body: unknown;
  headers: Headers;
}

/** What a 412 answered (contract/versions.ts): the value as it is now and when its field changed there. */
export interface WriteConflict {
  current: unknown;
  changedAt: string | null;
}

/** Something the member must hear: the text that had to give way is kept so it can be copied back. */
export interface NoticeText {
  message: string;
  keptText: string | null;
  /** The spec's own message for this failure (spec §8), shown once as a toast. */
  announcement?: string;
}

export interface Resolution<P> {
  /** What to send instead, or null when the server already holds what the member wanted. */
  payload: P | null;
  notice?: NoticeText;
}

export interface WriteContext {
  ownerUserId: string;
  /** When the member made the (latest) change, for "the newer one is kept". */
  queuedAt: number;
}

export interface WriteKind<P> {
  kind: string;
  payload: z.ZodType<P>;
  /** Writes of one thing (a contact's notes): a newer one replaces the one still waiting. */
  coalesceKey?(payload: P): string;
  /** The waiting payload and the newer one into one (notes keep the text they were first based on). */
  coalesce?(waiting: P, newer: P): P;
  request(payload: P): WriteRequest;
  /** The server took it: bring the caches in line with its answer. */
  applied(context: WriteContext, payload: P, answer: WriteAnswer): Promise<void>;
  /**
   * A newer payload waited behind the one the server just took: base it on that answer, so it is
   * not mistaken for an edit of what the server held before.
   */
  rebase?(waiting: P, answer: WriteAnswer): P;
  /** What the member should hear about an answer the server took (an add that matched a contact). */
  settledNotice?(payload: P, answer: WriteAnswer): NoticeText | null;
  /** A refusal with this code means the server already has what the member wanted. */
  isDone?(code: ErrorCode | undefined): boolean;
  /** 412: merge field by field with the value as it is now. */
  resolve?(context: WriteContext, payload: P, conflict: WriteConflict): Promise<Resolution<P>>;
  /**
   * What the member is told when the server refused it for good: the spec's message as the announcement,
   * and in the notice what was not saved, and why.
   */
  refused(payload: P, reason: string): NoticeText;
}
