// A line chart of values over dates or steps (daily engagement, growth), a period before as a grey line.
import { Line } from '@nivo/line';
import { countTicks, spacedTicks, wholeNumbers } from './axis-ticks';
import {
  CHART_THEME,
  CURRENT_PERIOD_COLOR,
  categoryColor,
  type PeriodTone,
  PREVIOUS_PERIOD_COLOR,
} from './chart-colors';
import { ChartFrame, type ChartLabels } from './chart-frame';
import type { ChartCell, ChartTableData } from './chart-table';
import { SeriesLegend } from './series-legend';

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

function xValues(series: readonly LineSeriesData[]): string[] {
  return [...new Set(series.flatMap((line) => line.points.map((point) => point.x)))];
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

/** One line in brand colour; several in distinct hues; a previous period always grey. */
function lineColors(series: readonly LineSeriesData[]): string[] {
  const currentCount = series.filter((line) => !line.isPrevious).length;
  return series.map((line, index) => {
    if (line.isPrevious) return PREVIOUS_PERIOD_COLOR;
    return currentCount > 1 ? categoryColor(index) : CURRENT_PERIOD_COLOR;
  });
}

export function LineChart({ xLabel, series, formatX = identity, height = 280, ...labels }: LineChartProps) {
  const data = series.map((line) => ({ id: line.label, data: line.points }));
  const colors = lineColors(series);
  const hasLegend = series.length > 1;
  const countAxis = countTicks(Math.max(0, ...series.flatMap((line) => line.points.map((point) => point.y))));
  return (
    <ChartFrame
      {...labels}
      height={height}
      table={lineTable(xLabel, series, formatX)}
      legend={
        hasLegend && (
          <SeriesLegend
            items={series.map((line, index) => ({ label: line.label, color: colors[index] ?? '' }))}
          />
        )
      }
    >
      {(size, motion) => (
        <Line
          {...size}
          {...motion}
          data={data}
          colors={colors}
          theme={CHART_THEME}
          margin={{ top: 12, right: 16, bottom: 36, left: 44 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickValues: spacedTicks(xValues(series), size.width - 60), format: formatX }}
          axisLeft={{ tickValues: countAxis, format: wholeNumbers }}
          enableGridX={false}
          pointSize={series[0] && series[0].points.length > 31 ? 0 : 6}
          useMesh
          enableSlices="x"
        />
      )}
    </ChartFrame>
  );
}
