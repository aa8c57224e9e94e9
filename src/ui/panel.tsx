// A white panel: one titled part of a screen (account details, card details, a danger zone, a policy).
import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import styles from './panel.module.css';

interface PanelProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** Names the panel for screen readers too; a panel without one is named by its caller. */
  title?: ReactNode;
  /** Beside the title, e.g. a status badge. */
  aside?: ReactNode;
  /** One line under the title saying what the panel is for. */
  description?: ReactNode;
  /** `danger` marks a panel whose action cannot be undone. */
  tone?: 'plain' | 'danger';
}

export function Panel({
  title,
  aside,
  description,
  tone = 'plain',
  className,
  children,
  ...section
}: PanelProps) {
  const titleId = useId();
  const classes = [styles.panel, tone === 'danger' && styles.danger, className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={title ? titleId : undefined} {...section}>
      {title && (
        <div className={styles.header}>
          <div className={styles.titleRow}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {aside}
          </div>
          {description && <PanelText>{description}</PanelText>}
        </div>
      )}
      {children}
    </section>
  );
}

/** A paragraph in a panel's quieter voice. */
export function PanelText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.text}>
      {children}
    </p>
  );
}
