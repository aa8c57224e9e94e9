// The news detail modal (spec §4 News detail modal): loading, then the longer summary, its key points and
// related links (real feed URLs, never invented); on error the spec's message and the original summary.
// Closes on Escape and on a click on the overlay (the Modal's).
import { useEffect, useState } from 'react';
import type { NewsDetail, NewsItem } from '../../../contract/insights';
import { loadNewsDetail } from '../../sync/insights-news-details';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { PRODUCED_BY_LABEL } from './digest-status';
import styles from './insights.module.css';
import { INSIGHTS_MESSAGES } from './messages';

type DetailState = { status: 'loading' } | { status: 'shown'; detail: NewsDetail } | { status: 'error' };

/** Spec §3: paragraphs are split on blank lines. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function NewsDetailModal({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  return (
    <Modal isOpen={item !== null} title={item?.title ?? ''} onClose={onClose}>
      {item && <NewsDetailBody key={item.id} item={item} />}
    </Modal>
  );
}

function NewsDetailBody({ item }: { item: NewsItem }) {
  const [state, setState] = useState<DetailState>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    loadNewsDetail(item)
      .then((detail) => isCurrent && setState({ status: 'shown', detail }))
      .catch(() => isCurrent && setState({ status: 'error' }));
    return () => {
      isCurrent = false;
    };
  }, [item]);

  return (
    <div className={styles.detail} aria-busy={state.status === 'loading'}>
      <p className={styles.itemFacts}>
        {[item.category, item.location, item.source].filter(Boolean).join(' · ')}
      </p>
      {state.status === 'loading' && (
        <p role="status" className={styles.detailLoading}>
          Loading more details…
        </p>
      )}
      {state.status === 'error' && (
        <>
          <Notice tone="error" title={INSIGHTS_MESSAGES.detailFailed} />
          <p className={styles.itemText}>{item.summary}</p>
        </>
      )}
      {state.status === 'shown' && <DetailContent detail={state.detail} />}
      {item.url && (
        <a className={styles.learnMore} href={item.url} target="_blank" rel="noopener noreferrer">
          Read the article at {item.source || 'the source'}
        </a>
      )}
    </div>
  );
}

function DetailContent({ detail }: { detail: NewsDetail }) {
  return (
    <>
      {paragraphsOf(detail.detailedSummary).map((paragraph) => (
        <p key={paragraph} className={styles.itemText}>
          {paragraph}
        </p>
      ))}
      {detail.keyPoints.length > 0 && (
        <section aria-labelledby="detail-key-points">
          <h3 id="detail-key-points" className={styles.detailHeading}>
            Key points
          </h3>
          <ul className={styles.bullets}>
            {detail.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      )}
      {detail.relatedLinks.length > 0 && (
        <section aria-labelledby="detail-related">
          <h3 id="detail-related" className={styles.detailHeading}>
            Related
          </h3>
          <ul className={styles.links}>
            {detail.relatedLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.title}
                </a>
                {link.source && <span className={styles.linkSource}> · {link.source}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={styles.digestMeta}>{PRODUCED_BY_LABEL[detail.producedBy]}</p>
    </>
  );
}
