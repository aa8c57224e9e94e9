// One event (spec §3 Event): when and where, what it is, why it was chosen, and Learn More.

import type { InsightEvent } from '../../../contract/insights';
import { formatWeekdayDate } from '../../ui/format';
import styles from './insights.module.css';
import { trackClick } from './track-click';

function formatEventDate(event: InsightEvent): string {
  const start = new Date(event.startDate || event.date);
  if (Number.isNaN(start.getTime())) return event.date;
  return formatWeekdayDate(start, { isAllDay: event.isAllDay });
}

/** The categories an event is filtered by: its own list, else its one category. */
export function eventCategories(event: InsightEvent): string[] {
  const all = event.categories.length > 0 ? event.categories : [event.category];
  return all.filter(Boolean);
}

export function EventCard({ event, isCompact = false }: { event: InsightEvent; isCompact?: boolean }) {
  const facts = [event.type, event.location].filter(Boolean).join(' · ');
  return (
    <article className={styles.item} aria-labelledby={`event-${event.id}`}>
      <p className={styles.itemWhen}>
        <time dateTime={event.startDate || event.date}>{formatEventDate(event)}</time>
      </p>
      <h3 id={`event-${event.id}`} className={styles.itemTitle}>
        {event.title}
      </h3>
      {facts && <p className={styles.itemFacts}>{facts}</p>}
      {!isCompact && event.description && <p className={styles.itemText}>{event.description}</p>}
      {!isCompact && event.reasons.length > 0 && (
        <p className={styles.reasons}>
          <span className={styles.reasonsLabel}>Why this event:</span> {event.reasons.join(' · ')}
        </p>
      )}
      {!isCompact && event.url && (
        <a
          className={styles.learnMore}
          href={event.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => trackClick({ type: 'events', itemId: event.id, action: 'learn_more' })}
        >
          Learn More<span className="visually-hidden"> about {event.title} (opens in a new tab)</span>
        </a>
      )}
    </article>
  );
}
