// Growth (spec §2): the daily new-members line over 30 days, taller than on the Overview.
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { ExportButton } from './export-button';
import { TimeZoneNote } from './figures';
import { GrowthChart } from './growth-chart';

export function GrowthTab({ data }: { data: AdminAnalyticsData }) {
  return (
    <div className={styles.tabBody}>
      <Panel title="Growth" aside={<ExportButton table="growth" label="Export CSV" />}>
        <GrowthChart data={data} height={360} />
      </Panel>
      <TimeZoneNote timeZone={data.timeZone} />
    </div>
  );
}
