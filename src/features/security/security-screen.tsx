// /security (insights-and-operators.md §2 Security dashboard, §4 Operator dashboards): its own login, then
// the dashboard with every section of §2 in order, and the operator's tools below them.
import type { SecurityDashboard } from '../../../contract/security';
import { OperatorAreas } from '../../api/operators';
import { loadSecurityDashboard } from '../../api/security';
import { useOperatorDashboard } from '../../sync/use-operator-dashboard';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { OperatorHeader, OperatorLoadError } from '../../ui/operator-dashboard-frame';
import { OperatorLoginForm } from '../../ui/operator-login-form';
import { DashboardSections } from './dashboard-sections';
import styles from './security-screen.module.css';
import { SecuritySessionContext } from './security-session';

export const SECURITY_LOADING_MESSAGE = 'Loading security dashboard...';
export const NO_SECURITY_DATA_MESSAGE = 'No security data available';

export function SecurityScreen() {
  const dashboard = useOperatorDashboard<SecurityDashboard>('security', loadSecurityDashboard);
  const { state } = dashboard;

  switch (state.status) {
    case 'logged-out':
      return (
        <OperatorLoginForm
          title="Security Dashboard"
          description="Security operators sign in here to watch threats and manage blocked addresses."
          submitLabel="Access Security Dashboard"
          defaultEmail={OperatorAreas.security.defaultEmail}
          notice={state.notice}
          idPrefix="security-login"
          onLogIn={dashboard.logIn}
        />
      );
    case 'loading':
      return (
        <main className={styles.page}>
          <LoadingPlaceholder label={SECURITY_LOADING_MESSAGE} />
        </main>
      );
    case 'error':
      return <OperatorLoadError message={state.message} onBackToLogin={dashboard.logOut} />;
    case 'empty':
    case 'loaded': {
      const isLoaded = state.status === 'loaded';
      return (
        <SecuritySessionContext
          value={{
            showSessionExpired: dashboard.showSessionExpired,
            refresh: dashboard.refresh,
            loadedAt: isLoaded ? state.loadedAt : null,
          }}
        >
          <div className={styles.page}>
            <OperatorHeader
              title="Security Dashboard"
              loadedAt={isLoaded ? state.loadedAt : null}
              isRefreshing={isLoaded && state.isRefreshing}
              onRefresh={dashboard.refresh}
              onLogOut={dashboard.logOut}
            />
            <main className={styles.content}>
              {isLoaded ? (
                <DashboardSections
                  data={state.data}
                  loadedAt={state.loadedAt}
                  isRefreshing={state.isRefreshing}
                />
              ) : (
                <Notice tone="info" title={NO_SECURITY_DATA_MESSAGE} />
              )}
            </main>
          </div>
        </SecuritySessionContext>
      );
    }
  }
}
