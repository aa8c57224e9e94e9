// Conversion tab: the funnel from NFC scan to profile view to contact save, its rates, and how
// visitors came to the card page (spec §3 conversion; sources tagged NFC, QR, link or other).
import type { UserAnalytics } from '../../api/analytics';
import type { ResourceState } from '../../sync/use-cached-resource';
import { BarChart } from '../../ui/charts/bar-chart';
import { PieChart } from '../../ui/charts/pie-chart';
import { Panel } from '../../ui/panel';
import { CountingNote } from './counting-note';
import { countOf, formatPercent, periodKeys, previousLine, previousPeriodLabel } from './figures';
import { ResourceView } from './resource-view';
import { StatCard, StatGrid } from './stat-card';

type Conversion = UserAnalytics<'conversion'>;
type Source = Conversion['viewSources'][number]['source'];

const SOURCE_LABELS: Record<Source, string> = {
  nfc: 'NFC tap',
  qr: 'QR code',
  link: 'Shared link',
  other: 'Other',
};

/** How a "Saves from …" card names the source, inside a sentence. */
const SAVES_FROM: Record<Source, string> = {
  nfc: 'NFC taps',
  qr: 'QR codes',
  link: 'shared links',
  other: 'other visits',
};

const FUNNEL_STEPS = [
  { id: 'nfcScans', label: 'NFC scans' },
  { id: 'profileViews', label: 'Profile views' },
  { id: 'contactSaves', label: 'Contact saves' },
] as const;

function isEmpty({ conversionFunnel: now, previous }: Conversion): boolean {
  const before = previous.conversionFunnel;
  return [now, before].every((funnel) => funnel.nfcScans + funnel.profileViews + funnel.contactSaves === 0);
}

export function ConversionTab({
  conversion,
}: {
  conversion: ResourceState<Conversion> & { retry: () => void };
}) {
  return (
    <ResourceView state={conversion} loadingLabel="Loading conversion…" isEmpty={isEmpty}>
      {(value) => <ConversionReport conversion={value} />}
    </ResourceView>
  );
}

function ConversionReport({ conversion }: { conversion: Conversion }) {
  const { conversionFunnel: funnel, conversionRates: rates, previous, previousPeriod } = conversion;
  const explain = conversion.explanations;
  return (
    <>
      <CountingNote countingSince={conversion.countingSince} previousPeriod={previousPeriod} />
      <Panel title="Funnel">
        <BarChart
          title="From tap to saved contact"
          description={`${explain.nfcScans} ${explain.profileViews} ${explain.contactSaves}`}
          categoryLabel="Step"
          layout="vertical"
          height={240}
          keys={periodKeys('This period', previousPeriod)}
          bars={FUNNEL_STEPS.map((step) => ({
            category: step.label,
            values: { count: funnel[step.id], previousCount: previous.conversionFunnel[step.id] },
          }))}
        />
      </Panel>
      <StatGrid label="Conversion rates">
        <StatCard
          label="Scan to view"
          value={formatPercent(rates.scanToView)}
          explanation={explain.scanToView}
          comparison={previousLine(previousPeriod, formatPercent(previous.conversionRates.scanToView))}
        />
        <StatCard
          label="Scan to contact"
          value={formatPercent(rates.scanToContact)}
          explanation={explain.scanToContact}
          comparison={previousLine(previousPeriod, formatPercent(previous.conversionRates.scanToContact))}
        />
        <StatCard
          label="Scan success"
          value={formatPercent(rates.scanSuccess)}
          explanation={explain.scanSuccess}
          comparison={previousLine(previousPeriod, formatPercent(previous.conversionRates.scanSuccess))}
        />
      </StatGrid>
      <Panel title="View sources">
        <PieChart
          title="Where profile views came from"
          description={explain.viewSources}
          categoryLabel="Source"
          valueLabel="Views"
          slices={conversion.viewSources.map((source) => ({
            id: source.source,
            label: SOURCE_LABELS[source.source],
            value: source.views,
          }))}
          previous={{
            label: previousPeriodLabel(previousPeriod.days),
            values: Object.fromEntries(previous.viewSources.map((source) => [source.source, source.views])),
          }}
        />
        <StatGrid label="Saves by source">
          {conversion.viewSources.map((source, index) => (
            <StatCard
              key={source.source}
              label={`Saves from ${SAVES_FROM[source.source]}`}
              value={formatPercent(source.saveRate)}
              explanation={`${countOf(source.saves, 'contact save')} from ${countOf(source.views, 'view')} that came this way.`}
              comparison={previousLine(
                previousPeriod,
                formatPercent(previous.viewSources[index]?.saveRate ?? 0),
              )}
            />
          ))}
        </StatGrid>
      </Panel>
    </>
  );
}
