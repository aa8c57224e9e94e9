// A pie of shares (view sources, devices) with its legend as a list under it: a list wraps on a phone
// where nivo's drawn legend would run off the edge. Given the period before, it draws that period as a
// paler inner ring, so a shift between sources shows at a glance.
import { Pie } from '@nivo/pie';
import { CHART_THEME, categoryColor } from './chart-colors';
import { ChartFrame, type ChartLabels } from './chart-frame';
import type { ChartTableData } from './chart-table';
import styles from './charts.module.css';
import { SeriesLegend } from './series-legend';

export interface PieSlice {
  id: string;
  label: string;
  value: number;
}

/** The same slices one period earlier, drawn as an inner ring and listed beside this period's. */
export interface PiePrevious {
  /** e.g. 'Previous 30 days'. */
  label: string;
  /** Per slice id; a slice missing here counts 0. */
  values: Readonly<Record<string, number>>;
}

export interface PieChartProps extends ChartLabels {
  /** Heading of the slice column in the table, e.g. 'Source'. */
  categoryLabel: string;
  /** Heading of the value column, e.g. 'Views'. */
  valueLabel: string;
  slices: readonly PieSlice[];
  previous?: PiePrevious;
  height?: number;
}

/** A slice's share of the whole in percent with one decimal; 0 when the whole is 0. */
export function sharePercent(value: number, total: number): number {
  return total === 0 ? 0 : Math.round((value / total) * 1000) / 10;
}

function totalOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

function previousValues(slices: readonly PieSlice[], previous: PiePrevious): number[] {
  return slices.map((slice) => previous.values[slice.id] ?? 0);
}

export function pieTable(
  categoryLabel: string,
  valueLabel: string,
  slices: readonly PieSlice[],
  previous?: PiePrevious,
): ChartTableData {
  const total = totalOf(slices.map((slice) => slice.value));
  const before = previous ? previousValues(slices, previous) : [];
  const totalBefore = totalOf(before);
  return {
    columns: [
      categoryLabel,
      valueLabel,
      'Share (%)',
      ...(previous ? [`${previous.label}: ${valueLabel.toLowerCase()}`, `${previous.label}: share (%)`] : []),
    ],
    rows: slices.map((slice, index) => [
      slice.label,
      slice.value,
      sharePercent(slice.value, total),
      ...(previous ? [before[index] ?? 0, sharePercent(before[index] ?? 0, totalBefore)] : []),
    ]),
  };
}

const MARGIN = 12;
/** The inner ring (the period before) sits inside the outer one's hole. */
const INNER_RING_SCALE = 0.5;

export function PieChart({
  categoryLabel,
  valueLabel,
  slices,
  previous,
  height = 240,
  ...labels
}: PieChartProps) {
  const colors = slices.map((_, index) => categoryColor(index));
  const colorOf = ({ id }: { id: string | number }) =>
    colors[slices.findIndex((slice) => slice.id === id)] ?? categoryColor(0);
  const total = totalOf(slices.map((slice) => slice.value));
  const before = previous ? previousValues(slices, previous) : [];
  const totalBefore = totalOf(before);
  const legendLabel = (slice: PieSlice, index: number) => {
    const now = `${slice.label}: ${slice.value.toLocaleString()} (${sharePercent(slice.value, total)}%)`;
    if (!previous) return now;
    const then = before[index] ?? 0;
    return `${now}, ${previous.label.toLowerCase()}: ${then.toLocaleString()} (${sharePercent(then, totalBefore)}%)`;
  };
  return (
    <ChartFrame
      {...labels}
      height={height}
      table={pieTable(categoryLabel, valueLabel, slices, previous)}
      legend={
        <>
          <SeriesLegend
            items={slices.map((slice, index) => ({
              label: legendLabel(slice, index),
              color: colors[index] ?? '',
            }))}
          />
          {previous && (
            <p className={styles.ringNote}>
              Outer ring: this period. Inner ring: {previous.label.toLowerCase()}
              {totalBefore === 0 ? ' (none)' : ''}.
            </p>
          )}
        </>
      }
    >
      {(size, motion) => {
        const outerRadius = (Math.min(size.width, size.height) - 2 * MARGIN) / 2;
        const inner = Math.max(0, Math.floor(outerRadius * 2 * INNER_RING_SCALE));
        return (
          <>
            <Pie
              {...size}
              {...motion}
              data={slices
                .filter((slice) => slice.value > 0)
                .map(({ id, label, value }) => ({ id, label, value }))}
              colors={colorOf}
              theme={CHART_THEME}
              margin={{ top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN }}
              innerRadius={previous ? 0.62 : 0.55}
              padAngle={1}
              cornerRadius={3}
              enableArcLinkLabels={false}
              arcLabelsSkipAngle={18}
              arcLabel={(datum) => `${sharePercent(datum.value, total)}%`}
              arcLabelsTextColor="#ffffff"
            />
            {previous && totalBefore > 0 && inner > 0 && (
              <div
                className={styles.innerRing}
                style={{
                  width: inner,
                  height: inner,
                  left: (size.width - inner) / 2,
                  top: (size.height - inner) / 2,
                }}
              >
                <Pie
                  width={inner}
                  height={inner}
                  {...motion}
                  data={slices
                    .map(({ id, label }, index) => ({ id, label, value: before[index] ?? 0 }))
                    .filter((slice) => slice.value > 0)}
                  colors={colorOf}
                  theme={CHART_THEME}
                  margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
                  innerRadius={0.55}
                  padAngle={1}
                  cornerRadius={2}
                  enableArcLinkLabels={false}
                  enableArcLabels={false}
                  isInteractive={false}
                />
              </div>
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
