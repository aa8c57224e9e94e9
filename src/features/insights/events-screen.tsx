// /insights/events (insights-and-operators.md §2): the events chosen for the member, a category filter,
// a refresh within the daily limit, and Learn More.
import { useState } from 'react';
import { EventsDigestResource } from '../../sync/insights-digests';
import { useCachedResource } from '../../sync/use-cached-resource';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Screen } from '../../ui/screen';
import { DigestStatus } from './digest-status';
import { EventCard, eventCategories } from './event-card';
import styles from './insights.module.css';
import { INSIGHTS_MESSAGES } from './messages';
import { RefreshBar } from './refresh-bar';
import { TopicFilter } from './topic-filter';

export function EventsScreen() {
  const load = useCachedResource(EventsDigestResource);
  const [category, setCategory] = useState('');

  return (
    <Screen title="Events" backTo="/insights" width="wide">
      {load.status === 'loading' && <LoadingPlaceholder label="Finding events for you…" />}
      {load.status === 'failed' && (
        <LoadFailed message={INSIGHTS_MESSAGES.eventsLoadFailed} onRetry={load.retry} />
      )}
      {load.status === 'ready' && (
        <>
          <DigestStatus generatedAt={load.value.generatedAt} producedBy={load.value.producedBy} />
          {load.value.summary && <p className={styles.overview}>{load.value.summary}</p>}
          <div className={styles.toolbar}>
            <TopicFilter
              id="event-category"
              label="Category"
              topics={load.value.events.flatMap(eventCategories)}
              value={category}
              onChange={setCategory}
            />
            <RefreshBar kind="events" />
          </div>
          <EventList
            events={load.value.events.filter(
              (event) => category === '' || eventCategories(event).includes(category),
            )}
          />
        </>
      )}
    </Screen>
  );
}

function EventList({ events }: { events: Parameters<typeof EventCard>[0]['event'][] }) {
  if (events.length === 0) {
    return (
      <p className={styles.empty}>
        No upcoming events match your preferences yet. Try more industries or event types in your preferences.
      </p>
    );
  }
  return (
    <ul className={styles.itemGrid} aria-label="Events">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
