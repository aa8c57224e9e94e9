// The card's labelled links (issue 26): LinkedIn, X, Instagram, GitHub, a booking link or any link with
// its own label; full https:// addresses, at most eight.
import {
  CARD_LINK_KINDS,
  CARD_LINK_LABELS,
  CARD_LINK_LIMITS,
  type CardLink,
} from '../../../contract/card-extras';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import type { CardLooksErrors } from './card-looks';
import styles from './card-looks.module.css';

const PLACEHOLDERS: Record<CardLink['kind'], string> = {
  linkedin: 'https://linkedin.com/in/yourname',
  x: 'https://x.com/yourname',
  instagram: 'https://instagram.com/yourname',
  github: 'https://github.com/yourname',
  booking: 'https://cal.com/yourname',
  custom: 'https://',
};

export function LinksEditor({
  links,
  errors,
  onChange,
}: {
  links: CardLink[];
  errors: CardLooksErrors['links'];
  onChange: (links: CardLink[]) => void;
}) {
  const update = (index: number, change: Partial<CardLink>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)));
  const isFull = links.length >= CARD_LINK_LIMITS.count;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>More links</legend>
      {links.length === 0 && (
        <p className={styles.hint}>Add the places people can find you or book time with you.</p>
      )}
      <ol className={styles.links}>
        {links.map((link, index) => {
          const number = index + 1;
          return (
            // A row has no identity of its own but its place: the rows are edited in place, never sorted.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className={styles.linkRow}>
              <div className={styles.kind}>
                <label htmlFor={`card-link-${number}-kind`} className={styles.smallLabel}>
                  Link {number}
                </label>
                <select
                  id={`card-link-${number}-kind`}
                  className={styles.select}
                  value={link.kind}
                  onChange={(event) => update(index, { kind: event.target.value as CardLink['kind'] })}
                >
                  {CARD_LINK_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {kind === 'custom' ? 'Other (your label)' : CARD_LINK_LABELS[kind]}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                id={`card-link-${number}-label`}
                label={link.kind === 'custom' ? `Link ${number} label` : `Link ${number} label (optional)`}
                maxLength={CARD_LINK_LIMITS.label}
                placeholder={CARD_LINK_LABELS[link.kind]}
                value={link.label}
                error={errors[index]?.label}
                onChange={(event) => update(index, { label: event.target.value })}
              />
              <Field
                id={`card-link-${number}-url`}
                label={`Link ${number} address`}
                type="url"
                inputMode="url"
                autoComplete="url"
                maxLength={CARD_LINK_LIMITS.url}
                placeholder={PLACEHOLDERS[link.kind]}
                value={link.url}
                error={errors[index]?.url}
                onChange={(event) => update(index, { url: event.target.value.trim() })}
              />
              <Button
                type="button"
                variant="quiet"
                aria-label={`Remove link ${number}`}
                onClick={() => onChange(links.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="secondary"
        disabled={isFull}
        onClick={() => onChange([...links, { kind: 'linkedin', label: '', url: '' }])}
      >
        Add a link
      </Button>
      {isFull && <p className={styles.hint}>A card has at most {CARD_LINK_LIMITS.count} links.</p>}
    </fieldset>
  );
}
