// A pie of shares (view sources, devices) with its legend as a list under it: a list wraps on a phone
// where nivo's drawn legend would run off the edge.
import { Pie } from '@nivo/pie';
import { CHART_THEME, categoryColor } from './chart-colors';
import { ChartFrame, type ChartLabels } from './chart-frame';
import type { ChartTableData } from './chart-table';
import { SeriesLegend } from './series-legend';

export interface PieSlice {
  id: string;
  label: string;
  value: number;
}

export interface PieChartProps extends ChartLabels {
  /** Heading of the slice column in the table, e.g. 'Source'. */
  categoryLabel: string;
  /** Heading of the value column, e.g. 'Views'. */
  valueLabel: string;
  slices: readonly PieSlice[];
  height?: number;
}

/** A slice's share of the whole in percent with one decimal; 0 when the whole is 0. */
export function sharePercent(value: number, total: number): number {
  return total === 0 ? 0 : Math.round((value / total) * 1000) / 10;
}

export function pieTable(
  categoryLabel: string,
  valueLabel: string,
  slices: readonly PieSlice[],
): ChartTableData {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return {
    columns: [categoryLabel, valueLabel, 'Share (%)'],
    rows: slices.map((slice) => [slice.label, slice.value, sharePercent(slice.value, total)]),
  };
}

export function PieChart({ categoryLabel, valueLabel, slices, height = 240, ...labels }: PieChartProps) {
  const colors = slices.map((_, index) => categoryColor(index));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <ChartFrame
      {...labels}
      height={height}
      table={pieTable(categoryLabel, valueLabel, slices)}
      legend={
        <SeriesLegend
          items={slices.map((slice, index) => ({
            label: `${slice.label}: ${slice.value.toLocaleString()} (${sharePercent(slice.value, total)}%)`,
            color: colors[index] ?? '',
          }))}
        />
      }
    >
      {(size, motion) => (
        <Pie
          {...size}
          {...motion}
          data={slices
            .filter((slice) => slice.value > 0)
            .map(({ id, label, value }) => ({ id, label, value }))}
          colors={({ id }) => colors[slices.findIndex((slice) => slice.id === id)] ?? categoryColor(0)}
          theme={CHART_THEME}
          margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
          innerRadius={0.55}
          padAngle={1}
          cornerRadius={3}
          enableArcLinkLabels={false}
          arcLabelsSkipAngle={18}
          arcLabel={(datum) => `${sharePercent(datum.value, total)}%`}
          arcLabelsTextColor="#ffffff"
        />
      )}
    </ChartFrame>
  );
}
