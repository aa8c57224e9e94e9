// The frame both operator dashboards share (insights-and-operators.md §2, §4): a dark header band with the
// dashboard's name, when its figures were read, Refresh Data and Logout; and the error state with
// 'Back to Login'.
import type { ReactNode } from 'react';
import { Button } from './button';
import { LogoMark } from './logo';
import { Notice } from './notice';
import styles from './operator-dashboard-frame.module.css';

interface OperatorHeaderProps {
  title: string;
  /** When the figures on screen arrived; none while there are none. */
  loadedAt: Date | null;
  isRefreshing: boolean;
  onRefresh(): void;
  onLogOut(): void;
}

const CLOCK = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

export function OperatorHeader({ title, loadedAt, isRefreshing, onRefresh, onLogOut }: OperatorHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.brand}>
          <LogoMark size={36} />
          <div>
            <h1 className={styles.title}>{title}</h1>
            <p className={styles.meta} role="status">
              {isRefreshing ? 'Refreshing…' : loadedAt && `Figures as of ${CLOCK.format(loadedAt)}`}
            </p>
          </div>
        </div>
        <div className={styles.actions}>
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

/** Spec §4: any failure but an expired session; 'Back to Login' logs out. */
export function OperatorLoadError({ message, onBackToLogin }: { message: ReactNode; onBackToLogin(): void }) {
  return (
    <main className={styles.failed}>
      <Notice tone="error" title={message} />
      <Button variant="secondary" onClick={onBackToLogin}>
        Back to Login
      </Button>
    </main>
  );
}
