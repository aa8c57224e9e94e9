// A line chart of values over dates or steps (daily engagement, growth), a period before as a grey line.
import { Line } from '@nivo/line';
import { CHART_THEME, type PeriodTone, periodColor } from './chart-colors';
import { ChartFrame, type ChartLabels } from './chart-frame';
import type { ChartCell, ChartTableData } from './chart-table';

export interface LineSeriesData extends PeriodTone {
  id: string;
  /** Legend and table heading, e.g. 'Profile views' or 'Previous 30 days'. */
  label: string;
  /** In order; series meant to be compared share their x values (a previous period uses the current dates). */
  points: readonly { x: string; y: number }[];
}

export interface LineChartProps extends ChartLabels {
  /** Heading of the x column in the table, e.g. 'Date'. */
  xLabel: string;
  series: readonly LineSeriesData[];
  /** How an x value reads on the axis and in the table (a date as 'Nov 24'). */
  formatX?: (x: string) => string;
  height?: number;
}

/** Labels need about this much room each along the bottom axis. */
const TICK_SPACING_PX = 64;

function xValues(series: readonly LineSeriesData[]): string[] {
  return [...new Set(series.flatMap((line) => line.points.map((point) => point.x)))];
}

/** Every n-th x so that the labels never overlap, always with the first. */
export function spacedTicks(values: readonly string[], width: number): string[] {
  const room = Math.max(1, Math.floor(width / TICK_SPACING_PX));
  const step = Math.ceil(values.length / room);
  return values.filter((_, index) => index % step === 0);
}

export function lineTable(
  xLabel: string,
  series: readonly LineSeriesData[],
  formatX: (x: string) => string,
): ChartTableData {
  const byX = series.map((line) => new Map(line.points.map((point) => [point.x, point.y])));
  return {
    columns: [xLabel, ...series.map((line) => line.label)],
    rows: xValues(series).map((x): ChartCell[] => [formatX(x), ...byX.map((values) => values.get(x) ?? '')]),
  };
}

const identity = (x: string) => x;

export function LineChart({ xLabel, series, formatX = identity, height = 280, ...labels }: LineChartProps) {
  const data = series.map((line) => ({ id: line.label, data: line.points }));
  const colors = series.map(periodColor);
  const hasLegend = series.length > 1;
  return (
    <ChartFrame {...labels} height={height} table={lineTable(xLabel, series, formatX)}>
      {(size, motion) => (
        <Line
          {...size}
          {...motion}
          data={data}
          colors={colors}
          theme={CHART_THEME}
          margin={{ top: 12, right: 16, bottom: hasLegend ? 64 : 36, left: 44 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickValues: spacedTicks(xValues(series), size.width - 60), format: formatX }}
          axisLeft={{ tickValues: 5, format: (value: number) => (Number.isInteger(value) ? value : '') }}
          enableGridX={false}
          pointSize={series[0] && series[0].points.length > 31 ? 0 : 6}
          useMesh
          enableSlices="x"
          legends={
            hasLegend
              ? [
                  {
                    anchor: 'bottom-left',
                    direction: 'row',
                    translateY: 60,
                    itemWidth: 140,
                    itemHeight: 18,
                    symbolSize: 10,
                  },
                ]
              : []
          }
        />
      )}
    </ChartFrame>
  );
}
