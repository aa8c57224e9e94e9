// /admin/dashboard (insights-and-operators.md §2 Admin dashboard, §4 Operator dashboards): its own login,
// then the figures in tabs; every state of §4 with the spec's words.
import { AdminAnalyticsEndpoint } from '../../../contract/admin-analytics';
import { OperatorAreas } from '../../api/operators';
import { useOperatorDashboard } from '../../sync/use-operator-dashboard';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { OperatorDashboardFrame } from '../../ui/operator-dashboard-frame';
import styles from './admin.module.css';
import { AdminTabs } from './admin-tabs';
import { DashboardActionsContext } from './dashboard-context';
import { NO_DATA_MESSAGE } from './overview-tab';

export const LOADING_MESSAGE = 'Loading analytics dashboard...';

export function AdminDashboardScreen() {
  // An answer without figures is the empty-data state.
  const dashboard = useOperatorDashboard(AdminAnalyticsEndpoint, (answer) => answer.data ?? null);
  return (
    <OperatorDashboardFrame
      dashboard={dashboard}
      title="Admin Dashboard"
      login={{
        description: 'Sign in with the admin operator account to see how Tapnet is used.',
        submitLabel: 'Log In',
        defaultEmail: OperatorAreas.admin.defaultEmail,
        idPrefix: 'admin-login',
      }}
      loading={<LoadingPlaceholder label={LOADING_MESSAGE} />}
      pageClassName={styles.page}
      mainClassName={styles.main}
      empty={<p className={styles.empty}>{NO_DATA_MESSAGE}</p>}
    >
      {({ data }) => (
        <DashboardActionsContext.Provider value={dashboard}>
          <AdminTabs data={data} />
          <p className={styles.retention}>{data.retention.line}</p>
        </DashboardActionsContext.Provider>
      )}
    </OperatorDashboardFrame>
  );
}
