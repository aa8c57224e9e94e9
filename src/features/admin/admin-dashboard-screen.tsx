// /admin/dashboard (insights-and-operators.md §2 Admin dashboard, §4 Operator dashboards): its own login,
// then the figures in tabs; every state of §4 with the spec's words.
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { loadAdminAnalytics } from '../../api/admin-analytics';
import { OperatorAreas } from '../../api/operators';
import { type OperatorDashboard, useOperatorDashboard } from '../../sync/use-operator-dashboard';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { OperatorHeader, OperatorLoadError } from '../../ui/operator-dashboard-frame';
import { OperatorLoginForm } from '../../ui/operator-login-form';
import styles from './admin.module.css';
import { AdminTabs } from './admin-tabs';
import { DashboardActionsContext } from './dashboard-context';
import { NO_DATA_MESSAGE } from './overview-tab';

export const LOADING_MESSAGE = 'Loading analytics dashboard...';

function LoadedDashboard({ dashboard }: { dashboard: OperatorDashboard<AdminAnalyticsData> }) {
  const { state } = dashboard;
  const isLoaded = state.status === 'loaded';
  return (
    <DashboardActionsContext.Provider value={dashboard}>
      <div className={styles.page}>
        <OperatorHeader
          title="Admin Dashboard"
          loadedAt={isLoaded ? state.loadedAt : null}
          isRefreshing={isLoaded && state.isRefreshing}
          onRefresh={dashboard.refresh}
          onLogOut={dashboard.logOut}
        />
        <main className={styles.main}>
          {isLoaded ? (
            <>
              <AdminTabs data={state.data} />
              <p className={styles.retention}>{state.data.retention.line}</p>
            </>
          ) : (
            <p className={styles.empty}>{NO_DATA_MESSAGE}</p>
          )}
        </main>
      </div>
    </DashboardActionsContext.Provider>
  );
}

export function AdminDashboardScreen() {
  const dashboard = useOperatorDashboard('admin', loadAdminAnalytics);
  const { state } = dashboard;
  switch (state.status) {
    case 'logged-out':
      return (
        <OperatorLoginForm
          title="Admin Dashboard"
          description="Sign in with the admin operator account to see how Tapnet is used."
          submitLabel="Log In"
          defaultEmail={OperatorAreas.admin.defaultEmail}
          notice={state.notice}
          idPrefix="admin-login"
          onLogIn={dashboard.logIn}
        />
      );
    case 'loading':
      return <LoadingPlaceholder label={LOADING_MESSAGE} />;
    case 'error':
      return <OperatorLoadError message={state.message} onBackToLogin={dashboard.logOut} />;
    case 'empty':
    case 'loaded':
      return <LoadedDashboard dashboard={dashboard} />;
  }
}
