// One news item (spec §3 News item): its summary, why it was chosen, the member's contacts at the
// companies it mentions (matched on the device), and its actions.
import type { NewsItem } from '../../../contract/insights';
import { type ContactCompany, companiesMentioned, companyMarkText } from '../../sync/insights-company-marks';
import { Button } from '../../ui/button';
import styles from './insights.module.css';

/** Spec §2: the dashboard's news preview shows a 100-character summary. */
export const PREVIEW_SUMMARY_LENGTH = 100;

export function previewSummary(summary: string): string {
  const text = summary.trim();
  if (text.length <= PREVIEW_SUMMARY_LENGTH) return text;
  return `${text.slice(0, PREVIEW_SUMMARY_LENGTH - 1).trimEnd()}…`;
}

interface NewsCardProps {
  item: NewsItem;
  companies: readonly ContactCompany[];
  onExpand?: (item: NewsItem) => void;
  onShare?: (item: NewsItem) => void;
  /** The dashboard's preview: a 100-character summary and no actions. */
  isPreview?: boolean;
}

export function NewsCard({ item, companies, onExpand, onShare, isPreview = false }: NewsCardProps) {
  const marks = companiesMentioned(`${item.title} ${item.summary}`, companies);
  return (
    <article className={styles.item} aria-labelledby={`news-${item.id}`}>
      <p className={styles.itemWhen}>{[item.category, item.location].filter(Boolean).join(' · ')}</p>
      <h3 id={`news-${item.id}`} className={styles.itemTitle}>
        {item.title}
      </h3>
      <p className={styles.itemText}>{isPreview ? previewSummary(item.summary) : item.summary}</p>
      {marks.length > 0 && (
        <ul className={styles.marks} aria-label="Your network">
          {marks.map((mark) => (
            <li key={mark.company} className={styles.mark}>
              {companyMarkText(mark)}
            </li>
          ))}
        </ul>
      )}
      {!isPreview && item.reasons.length > 0 && (
        <p className={styles.reasons}>
          <span className={styles.reasonsLabel}>Why this story:</span> {item.reasons.join(' · ')}
        </p>
      )}
      {!isPreview && (
        <div className={styles.itemActions}>
          <Button
            variant="secondary"
            onClick={() => onExpand?.(item)}
            aria-label={`Read more: ${item.title}`}
          >
            Read more
          </Button>
          <Button variant="quiet" onClick={() => onShare?.(item)} aria-label={`Share: ${item.title}`}>
            Share
          </Button>
          {item.source && <span className={styles.itemSource}>{item.source}</span>}
        </div>
      )}
    </article>
  );
}
