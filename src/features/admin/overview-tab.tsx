// Overview (spec §2): the four member figures, session metrics with the share of saves made offline,
// the 30-day growth line, and the last 5 logins and registrations.
import { useId } from 'react';
import { ADMIN_OVERVIEW_LIST_LIMIT, type AdminAnalyticsData } from '../../../contract/admin-analytics';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { definitionOf, sessionFigures, userFigures } from './admin-figures';
import { type Figure, Figures, TimeZoneNote } from './figures';
import { formatCount, oneDecimal } from './format';
import { GrowthChart } from './growth-chart';
import { RecentLogins, RecentRegistrations } from './recent-activity';

export const NO_DATA_MESSAGE = 'No analytics data available';

function offlineSavesFigure(data: AdminAnalyticsData): Figure {
  const { offlineSaves } = data;
  return {
    label: 'Saved Offline',
    value: `${oneDecimal(offlineSaves.percentage)}%`,
    detail: `${formatCount(offlineSaves.offline)} of ${formatCount(offlineSaves.total)} contact saves, last ${offlineSaves.days} days`,
    rule: definitionOf(data, 'offlineSaves.percentage'),
  };
}

export function OverviewTab({ data }: { data: AdminAnalyticsData }) {
  const sessionsTitleId = useId();
  const { recentLogins, recentRegistrations } = data.recentActivity;
  return (
    <div className={styles.tabBody}>
      {data.users.total === 0 && (
        <Notice tone="info" title={NO_DATA_MESSAGE}>
          The figures fill in once members sign up and sign in.
        </Notice>
      )}
      <Figures figures={userFigures(data)} />
      <section className={styles.section} aria-labelledby={sessionsTitleId}>
        <h2 id={sessionsTitleId} className={styles.sectionTitle}>
          Session metrics
        </h2>
        <Figures figures={[...sessionFigures(data, { withTotal: false }), offlineSavesFigure(data)]} />
      </section>
      <TimeZoneNote timeZone={data.timeZone} />
      <Panel>
        <GrowthChart data={data} />
      </Panel>
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
