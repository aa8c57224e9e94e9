// /security (insights-and-operators.md §2 Security dashboard, §4 Operator dashboards): its own login, then
// the dashboard with every section of §2 in order, and the operator's tools below them.
import type { SecurityDashboard } from '../../../contract/security';
import { OperatorAreas } from '../../api/operators';
import { loadSecurityDashboard } from '../../api/security';
import { useOperatorDashboard } from '../../sync/use-operator-dashboard';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { OperatorDashboardFrame } from '../../ui/operator-dashboard-frame';
import { DashboardSections } from './dashboard-sections';
import styles from './security-screen.module.css';
import { SecuritySessionContext } from './security-session';

export const SECURITY_LOADING_MESSAGE = 'Loading security dashboard...';
export const NO_SECURITY_DATA_MESSAGE = 'No security data available';

export function SecurityScreen() {
  const dashboard = useOperatorDashboard<SecurityDashboard>('security', loadSecurityDashboard);
  return (
    <OperatorDashboardFrame
      dashboard={dashboard}
      title="Security Dashboard"
      login={{
        description: 'Security operators sign in here to watch threats and manage blocked addresses.',
        submitLabel: 'Access Security Dashboard',
        defaultEmail: OperatorAreas.security.defaultEmail,
        idPrefix: 'security-login',
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
