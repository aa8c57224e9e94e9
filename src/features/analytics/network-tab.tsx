// Network tab: where the contacts saved in the range were met, where they work and what they do.
import type { AnalyticsPeriod } from '../../../contract/analytics';
import type { UserAnalytics } from '../../api/analytics';
import type { ResourceState } from '../../sync/use-cached-resource';
import { BarChart } from '../../ui/charts/bar-chart';
import { Panel } from '../../ui/panel';
import styles from './analytics.module.css';
import { formatPercent, periodKeys } from './figures';
import { ResourceView } from './resource-view';

/** Spec §9: charts show the top 8 countries or companies and the top 10 roles. */
export const TOP_COUNTRIES = 8;
export const TOP_COMPANIES = 8;
export const TOP_ROLES = 10;

type State<T> = ResourceState<T> & { retry: () => void };

interface Ranked {
  name: string;
  count: number;
  previousCount: number;
}

interface RankingPanelProps<T> {
  /** 'Countries', 'Companies', 'Roles'. */
  title: string;
  /** The table's heading for a name: 'Country'. */
  categoryLabel: string;
  top: number;
  state: State<T>;
  isEmpty: (value: T) => boolean;
  read: (value: T) => { ranked: Ranked[]; explanation: string; previousPeriod: AnalyticsPeriod };
}

function RankingPanel<T>({ title, categoryLabel, top, state, isEmpty, read }: RankingPanelProps<T>) {
  return (
    <Panel title={title}>
      <ResourceView state={state} loadingLabel={`Loading ${title.toLowerCase()}…`} isEmpty={isEmpty}>
        {(value) => {
          const { ranked, explanation, previousPeriod } = read(value);
          return (
            <BarChart
              title={`Top ${top} ${title.toLowerCase()}`}
              description={explanation}
              categoryLabel={categoryLabel}
              keys={periodKeys('Contacts', previousPeriod)}
              bars={ranked.slice(0, top).map((item) => ({
                category: item.name,
                values: { count: item.count, previousCount: item.previousCount },
              }))}
            />
          );
        }}
      </ResourceView>
    </Panel>
  );
}

interface NetworkTabProps {
  countries: State<UserAnalytics<'countries'>>;
  companies: State<UserAnalytics<'companies'>>;
  industries: State<UserAnalytics<'industries'>>;
}

export function NetworkTab({ countries, companies, industries }: NetworkTabProps) {
  return (
    <>
      <RankingPanel
        title="Countries"
        categoryLabel="Country"
        top={TOP_COUNTRIES}
        state={countries}
        isEmpty={(value) => value.totalContacts === 0}
        read={(value) => ({
          ranked: value.countries.map((item) => ({
            ...item,
            name: `${item.country} (${formatPercent(item.percentage)})`,
          })),
          explanation: `${value.explanations.countries} ${value.explanations.countryPercentage}`,
          previousPeriod: value.previousPeriod,
        })}
      />
      <div className={styles.columns}>
        <RankingPanel
          title="Companies"
          categoryLabel="Company"
          top={TOP_COMPANIES}
          state={companies}
          isEmpty={(value) => value.companies.length === 0}
          read={(value) => ({
            ranked: value.companies.map((item) => ({ ...item, name: item.company })),
            explanation: value.explanations.companies,
            previousPeriod: value.previousPeriod,
          })}
        />
        <RankingPanel
          title="Roles"
          categoryLabel="Role"
          top={TOP_ROLES}
          state={industries}
          isEmpty={(value) => value.industries.length === 0}
          read={(value) => ({
            ranked: value.industries.map((item) => ({ ...item, name: item.role })),
            explanation: value.explanations.industries,
            previousPeriod: value.previousPeriod,
          })}
        />
      </div>
    </>
  );
}
