// The dashboard's header (spec §2): its name, when the figures were read, Refresh Data and Logout.
import { Button } from '../../ui/button';
import { LogoMark } from '../../ui/logo';
import styles from './admin.module.css';
import { formatClock } from './format';

interface DashboardHeaderProps {
  /** When the figures on screen arrived; none while there are none. */
  loadedAt: Date | null;
  isRefreshing: boolean;
  onRefresh(): void;
  onLogOut(): void;
}

export function DashboardHeader({ loadedAt, isRefreshing, onRefresh, onLogOut }: DashboardHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.brand}>
          <LogoMark size={36} />
          <div>
            <h1 className={styles.headerTitle}>Admin Dashboard</h1>
            <p className={styles.headerMeta} role="status">
              {isRefreshing ? 'Refreshing…' : loadedAt && `Figures as of ${formatClock(loadedAt)}`}
            </p>
          </div>
        </div>
        <div className={styles.headerActions}>
          <Button
            variant="secondary"
            className={styles.headerButton}
            isBusy={isRefreshing}
            busyLabel="Refreshing..."
            onClick={onRefresh}
          >
            Refresh Data
          </Button>
          <Button variant="quiet" className={styles.headerButton} onClick={onLogOut}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
