// Card page events are written together: whatever arrives while one write is under way goes into the
// next, one INSERT and one commit for all of them. At a busy show thousands of taps a minute land on a
// few cards (bench/venue.ts); one commit each made the embedded database, whose durable commit waits
// for the disk in the server's one thread, the bottleneck of every request. Each caller still hears
// back only once its own row is committed, so an event answered 204 is stored as before.
//
// Embedded PGlite runs each query, its fsync included, inside the event loop's turn: requests that
// arrive meanwhile are read only in the loop's next turn. So a write first lets one turn pass
// (setImmediate, after the loop's I/O), or every batch would hold the one event that started it.
import type { Kysely } from 'kysely';
import type { CardEventType } from '../../../contract/card';
import type { CardSource } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';

export interface CardEvent {
  nfcUid: string;
  cardOwnerId: string;
  type: CardEventType;
  link: string | null;
  referrer: string;
  source: CardSource;
  isMobile: boolean;
  /** A tap whose signed data was the card's last verified tap. */
  isVerifiedTap: boolean;
}

/** One INSERT's worth at most, well under PostgreSQL's 65,535 bind parameters (7 a row). */
const MOST_PER_WRITE = 1_000;

/** Resolves in the event loop's next turn, once the requests that have arrived are read. */
function afterPendingRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface Waiting {
  event: CardEvent;
  resolve(): void;
  reject(error: unknown): void;
}

export class CardEventWriter {
  private waiting: Waiting[] = [];
  private isWriting = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves once `event` is committed. */
  write(event: CardEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      if (!this.isWriting) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.isWriting = true;
    while (this.waiting.length > 0) {
      await afterPendingRequests();
      await this.writeBatch(this.waiting.splice(0, MOST_PER_WRITE));
    }
    this.isWriting = false;
  }

  /** Together, or (when that fails) one by one, so one bad row fails only its own request. */
  private async writeBatch(batch: Waiting[]): Promise<void> {
    try {
      await this.db
        .insertInto('card_events')
        .values(
          batch.map(({ event }) => ({
            nfc_uid: event.nfcUid,
            card_owner_id: event.cardOwnerId,
            type: event.type,
            link: event.link,
            referrer: event.referrer,
            source: event.source,
            is_mobile: event.isMobile,
            verified_tap: event.isVerifiedTap,
          })),
        )
        .execute();
      for (const one of batch) one.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const one of batch) await this.writeBatch([one]);
    }
  }
}
