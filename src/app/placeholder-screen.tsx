// The honest stand-in for a screen that a later release delivers: its name and a way back.
import { BackLink } from '../ui/back-link';
import styles from './shell.module.css';

export function PlaceholderScreen({ title, backTo }: { title: string; backTo: string }) {
  return (
    <main className={styles.placeholder}>
      <BackLink to={backTo} />
      <h1 className={styles.placeholderTitle}>{title}</h1>
      <p className={styles.placeholderText}>This part of Tapnet is not available yet.</p>
    </main>
  );
}
