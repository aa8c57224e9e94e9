// /insights (insights-and-operators.md §2): three cards (analytics, 2 events, 2 news with 100-character
// summaries) and the quick actions Update Preferences and Back to Contacts.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CachedResourceDefinition } from '../../db/cached-resources';
import { useContactCompanies } from '../../sync/insights-company-marks';
import { EventsDigestResource, NewsDigestResource } from '../../sync/insights-digests';
import { useCachedResource } from '../../sync/use-cached-resource';
import { buttonClassName } from '../../ui/button';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { DigestMeta, OfflineNotice } from './digest-status';
import { EventCard } from './event-card';
import styles from './insights.module.css';
import { INSIGHTS_MESSAGES } from './messages';
import { NewsCard } from './news-card';

/** Spec §2: the dashboard shows 2 events and 2 news items. */
export const DASHBOARD_ITEMS = 2;

export function DashboardScreen() {
  return (
    <Screen title="Insights" backTo="/contacts" width="wide">
      <OfflineNotice />
      <div className={styles.dashboard}>
        <Panel title="Analytics" className={styles.dashboardCard}>
          <p className={styles.itemText}>
            How your network grows: connections over time, where you meet people and when.
          </p>
          <Link to="/insights/analytics" className={buttonClassName({ className: styles.cardLink })}>
            View Analytics
          </Link>
        </Panel>
        <DigestCard
          title="Events"
          resource={EventsDigestResource}
          to="/insights/events"
          linkLabel="All events"
        >
          {(digest) => (
            <>
              <DigestMeta generatedAt={digest.generatedAt} />
              <ItemList
                label="Upcoming events"
                empty="No upcoming events match your preferences yet."
                items={digest.events.slice(0, DASHBOARD_ITEMS).map((event) => ({
                  key: event.id,
                  content: <EventCard event={event} isCompact />,
                }))}
              />
            </>
          )}
        </DigestCard>
        <DigestCard title="News" resource={NewsDigestResource} to="/insights/news" linkLabel="All news">
          {(digest) => (
            <>
              <DigestMeta generatedAt={digest.generatedAt} />
              <NewsPreview items={digest.news.slice(0, DASHBOARD_ITEMS)} />
            </>
          )}
        </DigestCard>
      </div>
      <nav className={styles.actions} aria-label="Quick actions">
        <Link to="/insight-preferences" className={buttonClassName({})}>
          Update Preferences
        </Link>
        <Link to="/contacts" className={buttonClassName({ variant: 'secondary' })}>
          Back to Contacts
        </Link>
      </nav>
    </Screen>
  );
}

function NewsPreview({ items }: { items: Parameters<typeof NewsCard>[0]['item'][] }) {
  const companies = useContactCompanies();
  return (
    <ItemList
      label="Today's news"
      empty="No news matches your preferences today."
      items={items.map((item) => ({
        key: item.id,
        content: <NewsCard item={item} companies={companies} isPreview />,
      }))}
    />
  );
}

interface DigestCardProps<T> {
  title: string;
  resource: CachedResourceDefinition<T>;
  to: string;
  linkLabel: string;
  children: (digest: T) => ReactNode;
}

function DigestCard<T>({ title, resource, to, linkLabel, children }: DigestCardProps<T>) {
  const load = useCachedResource(resource);
  return (
    <Panel title={title} className={styles.dashboardCard}>
      {load.status === 'loading' && <LoadingPlaceholder label={`Loading ${title.toLowerCase()}…`} />}
      {load.status === 'failed' && <LoadFailed message={INSIGHTS_MESSAGES.loadFailed} onRetry={load.retry} />}
      {load.status === 'ready' && children(load.value)}
      <Link to={to} className={buttonClassName({ variant: 'secondary', className: styles.cardLink })}>
        {linkLabel}
      </Link>
    </Panel>
  );
}

function ItemList({
  label,
  empty,
  items,
}: {
  label: string;
  empty: string;
  items: { key: string; content: ReactNode }[];
}) {
  if (items.length === 0) return <p className={styles.emptyInline}>{empty}</p>;
  return (
    <ul className={styles.cardItems} aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>{item.content}</li>
      ))}
    </ul>
  );
}
