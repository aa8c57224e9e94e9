// The frame of every sign-in screen: the brand above one centred card.
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo';
import styles from './auth.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** A back link or button shown above the card. */
  back?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, back, children, footer }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brandRow}>
          <Logo />
        </div>
        {back}
        <section className={styles.card} aria-labelledby="auth-title">
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}
