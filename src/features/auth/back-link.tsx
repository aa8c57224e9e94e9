import { Link } from 'react-router';
import styles from './auth.module.css';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={styles.back}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
