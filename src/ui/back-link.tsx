// The "← Back" link at the top of a screen.
import { Link } from 'react-router';
import styles from './back-link.module.css';

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Link to={to} className={styles.back}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
