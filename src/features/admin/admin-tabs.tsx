// The six tabs of spec §2, the Cards tab (issue 15 part 5) and Support (issue 30 point 3); the open tab is kept in the address
// (?tab=users), so a reload or a shared link opens the same one.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { type TabItem, Tabs, tabPanelProps } from '../../ui/tabs';
import styles from './admin.module.css';
import { CardsTab } from './cards-tab';
import { DevicesTab } from './devices-tab';
import { GeographicTab } from './geographic-tab';
import { GrowthTab } from './growth-tab';
import { OverviewTab } from './overview-tab';
import { SessionsTab } from './sessions-tab';
import { SupportTab } from './support-tab';
import { UsersTab } from './users-tab';

type AdminTabId =
  | 'overview'
  | 'users'
  | 'sessions'
  | 'growth'
  | 'geographic'
  | 'devices'
  | 'cards'
  | 'support';

export const ADMIN_TABS: readonly TabItem<AdminTabId>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'growth', label: 'Growth' },
  { id: 'geographic', label: 'Geographic' },
  { id: 'devices', label: 'Devices' },
  { id: 'cards', label: 'Cards' },
  { id: 'support', label: 'Support' },
];

const PANELS: Record<AdminTabId, (data: AdminAnalyticsData) => ReactNode> = {
  overview: (data) => <OverviewTab data={data} />,
  users: (data) => <UsersTab data={data} />,
  sessions: (data) => <SessionsTab data={data} />,
  growth: (data) => <GrowthTab data={data} />,
  geographic: (data) => <GeographicTab data={data} />,
  devices: (data) => <DevicesTab data={data} />,
  cards: (data) => <CardsTab data={data} />,
  support: () => <SupportTab />,
};

const ID_PREFIX = 'admin';

function readTab(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? 'overview';
}

export function AdminTabs({ data }: { data: AdminAnalyticsData }) {
  const [search, setSearch] = useSearchParams();
  const selected = readTab(search.get('tab'));

  function select(tab: AdminTabId) {
    setSearch(tab === 'overview' ? {} : { tab }, { replace: true });
  }

  return (
    <>
      <div className={styles.tabStrip}>
        <Tabs
          label="Dashboard sections"
          idPrefix={ID_PREFIX}
          tabs={ADMIN_TABS}
          selected={selected}
          onSelect={select}
        />
      </div>
      <div {...tabPanelProps(ID_PREFIX, selected)} className={styles.panel}>
        {PANELS[selected](data)}
      </div>
    </>
  );
}
