// /security (insights-and-operators.md §2 Security dashboard, §4 Operator dashboards): its own login, then
// the dashboard with every section of §2 in order, and the operator's tools below them.
import { useEffect, useRef } from 'react';
import { type SecurityDashboard, SecurityEndpoints } from '../../../contract/security';
import { OperatorAreas } from '../../api/operators';
import { type OperatorDashboard, useOperatorDashboard } from '../../sync/use-operator-dashboard';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { OperatorDashboardFrame } from '../../ui/operator-dashboard-frame';
import { DashboardSections } from './dashboard-sections';
import styles from './security-screen.module.css';
import { SecuritySessionContext } from './security-session';

export const SECURITY_LOADING_MESSAGE = 'Loading security dashboard...';
export const NO_SECURITY_DATA_MESSAGE = 'No security data available';

const LOGIN_ID_PREFIX = 'security-login';

/**
 * The dashboard's controls, with focus put on the login's e-mail field when the operator leaves the
 * dashboard (Logout, Back to Login, an expired session): the button pressed is gone with the dashboard,
 * and focus would otherwise fall to <body>.
 */
function useFocusLoginOnLeaving(dashboard: OperatorDashboard<SecurityDashboard>) {
  const isLeaving = useRef(false);
  const status = dashboard.state.status;
  useEffect(() => {
    if (!isLeaving.current || status !== 'logged-out') return;
    isLeaving.current = false;
    document.getElementById(`${LOGIN_ID_PREFIX}-email`)?.focus();
  }, [status]);
  const leaving = (leave: () => void) => (): void => {
    isLeaving.current = true;
    leave();
  };
  return {
    ...dashboard,
    logOut: leaving(dashboard.logOut),
    showSessionExpired: leaving(dashboard.showSessionExpired),
  };
}

export function SecurityScreen() {
  const dashboard = useFocusLoginOnLeaving(
    useOperatorDashboard(SecurityEndpoints.dashboard, (answer) => answer.data),
  );
  return (
    <OperatorDashboardFrame
      dashboard={dashboard}
      title="Security Dashboard"
      login={{
        description: 'Security operators sign in here to watch threats and manage blocked addresses.',
        submitLabel: 'Access Security Dashboard',
        defaultEmail: OperatorAreas.security.defaultEmail,
        idPrefix: LOGIN_ID_PREFIX,
      }}
      loading={
        <main className={styles.page}>
          <LoadingPlaceholder label={SECURITY_LOADING_MESSAGE} />
        </main>
      }
      pageClassName={styles.page}
      mainClassName={styles.content}
      empty={<Notice tone="info" title={NO_SECURITY_DATA_MESSAGE} />}
    >
      {({ data, loadedAt, isRefreshing }) => (
        <SecuritySessionContext
          value={{ showSessionExpired: dashboard.showSessionExpired, refresh: dashboard.refresh, loadedAt }}
        >
          <DashboardSections data={data} loadedAt={loadedAt} isRefreshing={isRefreshing} />
        </SecuritySessionContext>
      )}
    </OperatorDashboardFrame>
  );
}
