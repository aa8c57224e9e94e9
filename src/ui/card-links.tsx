// The ways to reach someone a business card offers (spec §2 /nfc): e-mail, phone, LinkedIn and website,
// each shown only when filled in, then the card's labelled links (issue 26); on the public card page and
// on a saved contact alike.
import type { BusinessCardView } from '../../contract/card';
import { type CardLink, cardLinkLabel } from '../../contract/card-extras';
import styles from './card-links.module.css';
import { Icon, type IconName } from './icon';
import list from './list.module.css';

export type CardLinkKind = 'email' | 'phone' | 'linkedin' | 'website';

/** Spec §2: LinkedIn and Website links get https:// when the member left it out. */
export function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

interface CardLinksProps {
  card: Pick<BusinessCardView, 'email' | 'phone' | 'linkedinURL' | 'additionalURL'> & { links?: CardLink[] };
  /** Names the list for screen readers. */
  label: string;
  onLinkClick?: (kind: CardLinkKind) => void;
}

export function CardLinks({ card, label, onLinkClick }: CardLinksProps) {
  const links: {
    kind: CardLinkKind;
    icon: IconName;
    label: string;
    value: string;
    href: string;
    isExternal?: boolean;
  }[] = [
    { kind: 'email', icon: 'mail', label: 'Email', value: card.email, href: `mailto:${card.email}` },
    {
      kind: 'phone',
      icon: 'phone',
      label: 'Phone',
      value: card.phone,
      href: `tel:${card.phone.replace(/[^\d+]/g, '')}`,
    },
    {
      kind: 'linkedin',
      icon: 'linkedin',
      label: 'LinkedIn',
      value: card.linkedinURL,
      href: withScheme(card.linkedinURL),
      isExternal: true,
    },
    {
      kind: 'website',
      icon: 'website',
      label: 'Website',
      value: card.additionalURL,
      href: withScheme(card.additionalURL),
      isExternal: true,
    },
    ...(card.links ?? []).map((link) => ({
      kind: link.kind === 'linkedin' ? ('linkedin' as const) : ('website' as const),
      icon: link.kind === 'linkedin' ? ('linkedin' as const) : ('website' as const),
      label: cardLinkLabel(link),
      value: link.url.replace(/^https:\/\//, ''),
      href: link.url,
      isExternal: true,
    })),
  ];
  const shown = links.filter((link) => link.value.trim() !== '');
  if (shown.length === 0) return null;

  return (
    <ul className={list.stack} aria-label={label}>
      {shown.map((link) => (
        <li key={`${link.label} ${link.href}`}>
          <a
            className={styles.link}
            href={link.href}
            onClick={() => onLinkClick?.(link.kind)}
            {...(link.isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span className={styles.linkIcon}>
              <Icon name={link.icon} />
            </span>
            <span className={styles.linkText}>
              <span className={styles.linkLabel}>{link.label}</span>
              <span className={styles.linkValue}>{link.value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
