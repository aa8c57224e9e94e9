// Devices (spec §2): a pie of device use with its legend under it, beside each class's figure on wide
// screens; missing names show as 'Unknown'.
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { PieChart, sharePercent } from '../../ui/charts/pie-chart';
import styles from './admin.module.css';
import { definitionOf } from './admin-figures';
import { ExportPanelTab } from './export-panel-tab';
import { Figures } from './figures';
import { deviceName, formatCount, oneDecimal } from './format';

export const NO_DEVICES = 'No device data available';

export function DevicesTab({ data }: { data: AdminAnalyticsData }) {
  const devices = data.devices.devices
    .filter((device) => device.count > 0)
    .map((device) => ({ id: device._id || 'Unknown', label: deviceName(device._id), value: device.count }));
  const total = devices.reduce((sum, device) => sum + device.value, 0);
  return (
    <ExportPanelTab
      title="Devices"
      description={definitionOf(data, 'devices.devices')}
      table="devices"
      isEmpty={devices.length === 0}
      emptyMessage={NO_DEVICES}
    >
      <div className={styles.halves}>
        <PieChart
          title="Device usage"
          categoryLabel="Device"
          valueLabel="Sign-ins"
          height={280}
          slices={devices}
        />
        <Figures
          isPaired
          figures={devices.map((device) => ({
            label: device.label,
            value: formatCount(device.value),
            detail: `${oneDecimal(sharePercent(device.value, total))}% of sign-ins`,
            rule: undefined,
          }))}
        />
      </div>
    </ExportPanelTab>
  );
}
