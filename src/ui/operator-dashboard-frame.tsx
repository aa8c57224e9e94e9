// The frame both operator dashboards share (insights-and-operators.md §2, §4): the login, loading, error,
// empty-data and loaded states; a dark header band with the dashboard's name, when its figures were read,
// Refresh Data and Logout; and the error state with 'Back to Login'.

import type { ReactNode } from 'react';
import { Button } from './button';
import { formatClock } from './format';
import { LogoMark } from './logo';
import { Notice } from './notice';
import { OperatorAccount, type OperatorAccountControls } from './operator-account';
import styles from './operator-dashboard-frame.module.css';
import { OperatorEnrolmentPage, OperatorLoginForm, type OperatorLoginFormProps } from './operator-login-form';

interface OperatorHeaderProps {
  title: string;
  /** When the figures on screen arrived; none while there are none. */
  loadedAt: Date | null;
  isRefreshing: boolean;
  onRefresh(): void;
  onLogOut(): void;
  /** Opens the operator's own account (second factor, sessions); shown pressed while it is open. */
  isAccountOpen: boolean;
  onAccount(): void;
}

export function OperatorHeader({
  title,
  loadedAt,
  isRefreshing,
  onRefresh,
  onLogOut,
  isAccountOpen,
  onAccount,
}: OperatorHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.brand}>
          <LogoMark size={36} />
          <div>
            <h1 className={styles.title}>{title}</h1>
            <p className={styles.meta} role="status">
              {isRefreshing ? 'Refreshing…' : loadedAt && `Figures as of ${formatClock(loadedAt)}`}
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
          <Button
            variant="secondary"
            className={styles.headerButton}
            aria-pressed={isAccountOpen}
            onClick={onAccount}
          >
            Account
          </Button>
          <Button variant="quiet" className={styles.headerButton} onClick={onLogOut}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

/**
 * Spec §4: any failure but an expired session; 'Back to Login' logs out. Retry comes first: a failed load
 * (a restart, a dropped connection) is usually gone a moment later, and signing out to retry cost the
 * operator their session (issue 30).
 */
export function OperatorLoadError({
  message,
  onRetry,
  onBackToLogin,
}: {
  message: ReactNode;
  onRetry(): void;
  onBackToLogin(): void;
}) {
  return (
    <main className={styles.failed}>
      <Notice tone="error" title={message} />
      <div className={styles.failedActions}>
        <Button onClick={onRetry}>Retry</Button>
        <Button variant="secondary" onClick={onBackToLogin}>
          Back to Login
        </Button>
      </div>
    </main>
  );
}

/** The figures on screen, with when they arrived and whether Refresh Data is running. */
export interface OperatorFigures<T> {
  data: T;
  loadedAt: Date;
  isRefreshing: boolean;
}

/**
 * What the frame needs of a dashboard: its state (src/sync/use-operator-dashboard.ts keeps it; ui reads no
 * data layer, so the shape is stated here and checked where a screen passes its dashboard in) and its moves.
 */
export interface OperatorDashboardControls<T> {
  state:
    | { status: 'logged-out'; notice: string | null }
    | { status: 'enrolling' }
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'empty' }
    | ({ status: 'loaded' } & OperatorFigures<T>);
  logIn: OperatorLoginFormProps['onLogIn'];
  verifySecondFactor: OperatorLoginFormProps['onSecondFactor'];
  verifyPasskey: OperatorLoginFormProps['onPasskey'];
  logOut(): void;
  refresh(): void;
  account: OperatorAccountControls;
}

interface OperatorDashboardFrameProps<T> {
  dashboard: OperatorDashboardControls<T>;
  /** The dashboard's name, in the login form's heading and the header band. */
  title: string;
  /** The login form's own words and first e-mail. */
  login: Pick<OperatorLoginFormProps, 'description' | 'submitLabel' | 'defaultEmail' | 'idPrefix'>;
  /** What shows while the figures load. */
  loading: ReactNode;
  pageClassName: string | undefined;
  mainClassName: string | undefined;
  /** The empty-data state's message, in the page under the header. */
  empty: ReactNode;
  /** The figures, in the page under the header. */
  children(figures: OperatorFigures<T>): ReactNode;
}

export function OperatorDashboardFrame<T>({
  dashboard,
  title,
  login,
  loading,
  pageClassName,
  mainClassName,
  empty,
  children,
}: OperatorDashboardFrameProps<T>) {
  const { state } = dashboard;
  switch (state.status) {
    case 'logged-out':
      return (
        <OperatorLoginForm
          title={title}
          {...login}
          notice={state.notice}
          onLogIn={dashboard.logIn}
          onSecondFactor={dashboard.verifySecondFactor}
          onPasskey={dashboard.verifyPasskey}
        />
      );
    case 'enrolling':
      return (
        <OperatorEnrolmentPage
          title={title}
          idPrefix={login.idPrefix}
          enrolment={dashboard.account.enrolment}
          onLogOut={dashboard.logOut}
        />
      );
    case 'loading':
      return loading;
    case 'error':
      return (
        <OperatorLoadError
          message={state.message}
          onRetry={dashboard.refresh}
          onBackToLogin={dashboard.logOut}
        />
      );
    case 'empty':
    case 'loaded': {
      const isLoaded = state.status === 'loaded';
      const { account } = dashboard;
      return (
        <div className={pageClassName}>
          <OperatorHeader
            title={title}
            loadedAt={isLoaded ? state.loadedAt : null}
            isRefreshing={isLoaded && state.isRefreshing}
            onRefresh={dashboard.refresh}
            onLogOut={dashboard.logOut}
            isAccountOpen={account.isOpen}
            onAccount={account.isOpen ? account.close : account.open}
          />
          <main className={mainClassName}>
            {account.isOpen ? (
              <OperatorAccount account={account} idPrefix={login.idPrefix} />
            ) : isLoaded ? (
              children(state)
            ) : (
              empty
            )}
          </main>
        </div>
      );
    }
  }
}
