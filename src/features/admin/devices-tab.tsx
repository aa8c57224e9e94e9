// Devices (spec §2): a pie of device use with its legend under it; missing names show as 'Unknown'.
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { PieChart } from '../../ui/charts/pie-chart';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { definitionOf } from './admin-figures';
import { ExportButton } from './export-button';
import { deviceName } from './format';

export const NO_DEVICES = 'No device data available';

export function DevicesTab({ data }: { data: AdminAnalyticsData }) {
  const devices = data.devices.devices.filter((device) => device.count > 0);
  return (
    <div className={styles.tabBody}>
      <Panel
        title="Devices"
        aside={devices.length > 0 && <ExportButton table="devices" label="Export CSV" />}
      >
        {devices.length === 0 ? (
          <p className={styles.empty}>{NO_DEVICES}</p>
        ) : (
          <div className={styles.pieBox}>
            <PieChart
              title="Device usage"
              description={definitionOf(data, 'devices.devices')}
              categoryLabel="Device"
              valueLabel="Sessions"
              height={280}
              slices={devices.map((device) => ({
                id: device._id || 'Unknown',
                label: deviceName(device._id),
                value: device.count,
              }))}
            />
          </div>
        )}
      </Panel>
    </div>
  );
}
