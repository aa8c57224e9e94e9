// Overview (spec §2): the four member figures, the 30-day growth line, session metrics, the share of
// saves made offline, and the last 5 logins and registrations.
import { ADMIN_OVERVIEW_LIST_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { definitionOf, sessionFigures, userFigures } from './admin-figures';
import { Figures, TimeZoneNote } from './figures';
import { formatCount, oneDecimal } from './format';
import { GrowthChart } from './growth-chart';
import { RecentLogins, RecentRegistrations } from './recent-activity';

function OfflineSaves({ data }: { data: AdminAnalyticsData }) {
  const { offlineSaves } = data;
  return (
    <Figures
      columns={3}
      figures={[
        {
          label: 'Saved offline',
          value: `${oneDecimal(offlineSaves.percentage)}%`,
          detail: `${formatCount(offlineSaves.offline)} of ${formatCount(offlineSaves.total)} contact saves in the last ${offlineSaves.days} days`,
          rule: definitionOf(data, 'offlineSaves.percentage'),
        },
      ]}
    />
  );
}

export function OverviewTab({ data }: { data: AdminAnalyticsData }) {
  const { recentLogins, recentRegistrations } = data.recentActivity;
  return (
    <div className={styles.tabBody}>
      <Figures figures={userFigures(data)} />
      <TimeZoneNote timeZone={data.timeZone} />
      <div className={styles.split}>
        <Panel className={styles.wideColumn}>
          <GrowthChart data={data} />
        </Panel>
        <div className={styles.sideColumn}>
          <Panel title="Session metrics">
            <Figures columns={3} figures={sessionFigures(data, { withTotal: false })} />
          </Panel>
          <Panel title="Offline saves">
            <OfflineSaves data={data} />
          </Panel>
        </div>
      </div>
      <div className={styles.halves}>
        <Panel title="Recent logins">
          <RecentLogins logins={recentLogins.slice(0, ADMIN_OVERVIEW_LIST_LIMIT)} empty="No logins yet" />
        </Panel>
        <Panel title="Recent registrations">
          <RecentRegistrations
            registrations={recentRegistrations.slice(0, ADMIN_OVERVIEW_LIST_LIMIT)}
            empty="No registrations yet"
          />
        </Panel>
      </div>
    </div>
  );
}
