// /insights/enhanced-analytics: the member's network, engagement and conversion over 7, 30 or 90 days,
// the year so far or a custom range, with CSV export and a refresh (spec §2, §3 User analytics, §5).
import { useState } from 'react';
import {
  type AnalyticsExportType,
  DEFAULT_USER_ANALYTICS_RANGE,
  USER_ANALYTICS_RANGES,
  type UserAnalyticsRange,
} from '../../../contract/analytics';
import { ANALYTICS_LIFETIME_MS, type AnalyticsSelection, userAnalyticsResource } from '../../api/analytics';
import { useCachedResource } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { type TabItem, Tabs, tabPanelProps } from '../../ui/tabs';
import styles from './analytics.module.css';
import { ConversionTab } from './conversion-tab';
import { CustomRangeForm } from './custom-range-form';
import { EngagementTab } from './engagement-tab';
import { ExportControl } from './export-control';
import { formatDay } from './figures';
import { FreshnessNote } from './freshness-note';
import { NetworkTab } from './network-tab';
import { RangeButtons } from './range-buttons';

const RANGE_LABELS: Record<UserAnalyticsRange, string> = {
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  ytd: 'Year to date',
};
const RANGE_OPTIONS = USER_ANALYTICS_RANGES.map((id) => ({ id, label: RANGE_LABELS[id] }));

type Tab = 'network' | 'engagement' | 'conversion';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'network', label: 'Network' },
  { id: 'engagement', label: 'Engagement' },
  { id: 'conversion', label: 'Conversion' },
];
const TAB_EXPORT: Record<Tab, AnalyticsExportType> = {
  network: 'countries',
  engagement: 'engagement',
  conversion: 'conversion',
};
const TABS_ID = 'enhanced-analytics';

function selectionLabel(selection: AnalyticsSelection): string {
  if (!('range' in selection)) return `${formatDay(selection.startDate)} – ${formatDay(selection.endDate)}`;
  return selection.range === 'ytd' ? 'This year so far' : `Last ${RANGE_LABELS[selection.range]}`;
}

export function EnhancedAnalyticsScreen() {
  const [selection, setSelection] = useState<AnalyticsSelection>({ range: DEFAULT_USER_ANALYTICS_RANGE });
  const [tab, setTab] = useState<Tab>('network');
  // Every tab's figures load together: one visit online leaves all of them readable offline.
  const countries = useCachedResource(userAnalyticsResource('countries', selection));
  const companies = useCachedResource(userAnalyticsResource('companies', selection));
  const industries = useCachedResource(userAnalyticsResource('industries', selection));
  const engagement = useCachedResource(userAnalyticsResource('engagement', selection));
  const conversion = useCachedResource(userAnalyticsResource('conversion', selection));
  const all = [countries, companies, industries, engagement, conversion];
  // Busy only while figures already shown are asked for again; a range loading for the first time
  // shows its own loading state instead.
  const isRefreshing = all.some((state) => state.isRevalidating && state.status === 'ready');
  const fetchedAt = all.flatMap((state) => (state.status === 'ready' ? [state.fetchedAt] : []));

  return (
    <Screen title="Enhanced Analytics" backTo="/insights" width="wide">
      <div className={styles.toolbar}>
        <RangeButtons
          label="Time range"
          options={RANGE_OPTIONS}
          selected={'range' in selection ? selection.range : null}
          onSelect={(range) => setSelection({ range })}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            isBusy={isRefreshing}
            busyLabel="Refreshing…"
            onClick={() => {
              for (const state of all) state.refresh();
            }}
          >
            Refresh
          </Button>
        </div>
      </div>
      <CustomRangeForm onApply={setSelection} />
      <p className={styles.period} aria-live="polite">
        Showing: {selectionLabel(selection)}
      </p>
      {fetchedAt.length > 0 && (
        <FreshnessNote fetchedAt={Math.min(...fetchedAt)} lifetimeMs={ANALYTICS_LIFETIME_MS} />
      )}
      <ExportControl selection={selection} suggested={TAB_EXPORT[tab]} />
      <Tabs label="Analytics" idPrefix={TABS_ID} tabs={TABS} selected={tab} onSelect={setTab} />
      <div {...tabPanelProps(TABS_ID, tab)} className={styles.tabPanel}>
        {tab === 'network' && (
          <NetworkTab countries={countries} companies={companies} industries={industries} />
        )}
        {tab === 'engagement' && <EngagementTab engagement={engagement} />}
        {tab === 'conversion' && <ConversionTab conversion={conversion} />}
      </div>
    </Screen>
  );
}
