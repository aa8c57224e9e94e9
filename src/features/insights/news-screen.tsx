// /insights/news (insights-and-operators.md §2): today's news chosen for the member, a topic filter, a
// refresh within the daily limit, share, and the detail modal.
import { useState } from 'react';
import type { NewsItem, NewsSummary } from '../../../contract/insights';
import { useContactCompanies } from '../../sync/insights-company-marks';
import { NewsDigestResource } from '../../sync/insights-digests';
import { useCachedResource } from '../../sync/use-cached-resource';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { shareContent } from '../../ui/share';
import { showToast } from '../../ui/toast-store';
import { DigestStatus } from './digest-status';
import styles from './insights.module.css';
import { INSIGHTS_MESSAGES } from './messages';
import { NewsCard } from './news-card';
import { NewsDetailModal } from './news-detail-modal';
import { RefreshBar } from './refresh-bar';
import { TopicFilter } from './topic-filter';
import { trackClick } from './track-click';

async function share(item: NewsItem) {
  const outcome = await shareContent({ title: item.title, text: item.summary, url: item.url });
  if (outcome === 'failed') showToast('error', INSIGHTS_MESSAGES.shareFailed);
  else if (outcome === 'copied') showToast('success', 'Copied to the clipboard.');
  if (outcome === 'shared' || outcome === 'copied')
    trackClick({ type: 'news', itemId: item.id, action: 'share' });
}

export function NewsScreen() {
  const load = useCachedResource(NewsDigestResource);
  return (
    <Screen title="News" backTo="/insights" width="wide">
      {load.status === 'loading' && <LoadingPlaceholder label="Summarising today's news for you…" />}
      {load.status === 'failed' && (
        <LoadFailed message={INSIGHTS_MESSAGES.newsLoadFailed} onRetry={load.retry} />
      )}
      {load.status === 'ready' && <NewsDigestView digest={load.value} />}
    </Screen>
  );
}

function NewsDigestView({ digest }: { digest: NewsSummary }) {
  const companies = useContactCompanies();
  const [topic, setTopic] = useState('');
  const [expanded, setExpanded] = useState<NewsItem | null>(null);
  const shown = digest.news.filter((item) => topic === '' || item.category === topic);
  const titles = new Map(digest.news.map((item) => [item.id, item.title]));

  function expand(item: NewsItem) {
    setExpanded(item);
    trackClick({ type: 'news', itemId: item.id, action: 'detail' });
  }

  return (
    <>
      <DigestStatus generatedAt={digest.generatedAt} producedBy={digest.producedBy} />
      {digest.digest.length > 0 && (
        <Panel title="Today in brief">
          <ul className={styles.bullets}>
            {digest.digest.map((point) => (
              <li key={point.text}>
                {point.text}
                {point.itemIds.length > 0 && (
                  <span className={styles.linkSource}>
                    {' '}
                    (from{' '}
                    {point.itemIds
                      .map((id) => titles.get(id))
                      .filter(Boolean)
                      .join('; ')}
                    )
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <div className={styles.toolbar}>
        <TopicFilter
          id="news-topic"
          label="Topic"
          topics={digest.news.map((item) => item.category).filter(Boolean)}
          value={topic}
          onChange={setTopic}
        />
        <RefreshBar kind="news" />
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>
          No news matches your preferences today. Try more industries or technologies in your preferences.
        </p>
      ) : (
        <ul className={styles.itemGrid} aria-label="News">
          {shown.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} companies={companies} onExpand={expand} onShare={share} />
            </li>
          ))}
        </ul>
      )}
      <NewsDetailModal item={expanded} onClose={() => setExpanded(null)} />
    </>
  );
}
