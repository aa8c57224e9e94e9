// What a parsed feed gives the store, whatever its format.

/** One news article or one event occurrence, in plain text. */
export interface FeedEntry {
  title: string;
  url: string;
  body: string;
  categories: string[];
  location: string;
  startsAt: Date;
  endsAt: Date | null;
  isAllDay: boolean;
  /** For events: the event's UID, so each occurrence of one recurring event stays its own item. */
  uid?: string;
}

export interface ParsedFeed {
  title: string;
  entries: FeedEntry[];
  /** Set when the feed held more than its limits let through: what was cut, for the operator's log. */
  cut?: string;
}
