// The frame of "Share your details with {name}" (issue 26), drawn with the card by the server: its heading
// and its promise are on screen in the first paint, and the form (share-details-form.tsx, loaded after the
// card is live) fills it in. Were the whole section drawn late, its text would become the page's largest
// contentful paint and the card page would count as slow however fast the card itself appeared.
import type { ReactNode } from 'react';
import styles from './share-details.module.css';

export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

export function ShareDetailsSection({ ownerName, children }: { ownerName: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby="share-details-title">
      <h2 id="share-details-title" className={styles.title}>
        Share your details with {firstNameOf(ownerName)}
      </h2>
      <p className={styles.lead}>No account needed. An e-mail address or a phone number is enough.</p>
      {children}
    </section>
  );
}
