// A bar chart of categories (top countries, companies, roles, a funnel), with the period before as a
// grey bar beside each when given. Horizontal by default: category names are long on a phone.
import { Bar } from '@nivo/bar';
import { countTicks, spacedTicks, wholeNumbers } from './axis-ticks';
import { CHART_THEME, type PeriodTone, periodColor } from './chart-colors';
import { ChartFrame, type ChartLabels } from './chart-frame';
import type { ChartTableData } from './chart-table';
import { SeriesLegend } from './series-legend';

export interface BarKey extends PeriodTone {
  id: string;
  /** Legend and table heading, e.g. 'Contacts' or 'Previous period'. */
  label: string;
}

export interface BarData {
  category: string;
  values: Readonly<Record<string, number>>;
}

export interface BarChartProps extends ChartLabels {
  /** Heading of the category column in the table, e.g. 'Country'. */
  categoryLabel: string;
  keys: readonly BarKey[];
  /** In the order they read, largest first for a ranking. */
  bars: readonly BarData[];
  layout?: 'horizontal' | 'vertical';
  height?: number;
}

/** Category names longer than this are shortened on the axis; the table keeps them whole. */
const AXIS_LABEL_CHARS = 22;
const BAR_ROW_PX = 36;
/** A generous width of one character of the axis' 12 px text, so a shortened name always fits. */
const AXIS_CHAR_PX = 7.5;
const AXIS_LABEL_GAP_PX = 12;

function shorten(label: string, chars = AXIS_LABEL_CHARS): string {
  return label.length > chars ? `${label.slice(0, chars - 1)}…` : label;
}

export function barTable(
  categoryLabel: string,
  keys: readonly BarKey[],
  bars: readonly BarData[],
): ChartTableData {
  return {
    columns: [categoryLabel, ...keys.map((key) => key.label)],
    rows: bars.map((bar) => [bar.category, ...keys.map((key) => bar.values[key.id] ?? 0)]),
  };
}

export function BarChart({
  categoryLabel,
  keys,
  bars,
  layout = 'horizontal',
  height,
  ...labels
}: BarChartProps) {
  const isHorizontal = layout === 'horizontal';
  const hasLegend = keys.length > 1;
  const drawnHeight = height ?? Math.max(160, bars.length * BAR_ROW_PX * (hasLegend ? 1.4 : 1) + 60);
  // nivo draws horizontal bars from the bottom up; a ranking reads from the top down.
  const ordered = isHorizontal ? [...bars].reverse() : bars;
  const data = ordered.map((bar) => ({ category: bar.category, ...bar.values }));
  const longest = Math.max(0, ...bars.map((bar) => shorten(bar.category).length));
  const countAxis = countTicks(
    Math.max(0, ...bars.flatMap((bar) => keys.map((key) => bar.values[key.id] ?? 0))),
  );
  return (
    <ChartFrame
      {...labels}
      height={drawnHeight}
      table={barTable(categoryLabel, keys, bars)}
      legend={
        hasLegend && (
          <SeriesLegend items={keys.map((key) => ({ label: key.label, color: periodColor(key) }))} />
        )
      }
    >
      {(size, motion) => {
        // On a phone the names get at most 40 % of the width, shortened to what fits in it.
        const nameWidth = Math.min(size.width * 0.4, AXIS_LABEL_GAP_PX + longest * AXIS_CHAR_PX);
        const nameChars = Math.max(4, Math.floor((nameWidth - AXIS_LABEL_GAP_PX) / AXIS_CHAR_PX));
        return (
          <Bar
            {...size}
            {...motion}
            data={data}
            keys={keys.map((key) => key.id)}
            indexBy="category"
            layout={layout}
            groupMode="grouped"
            colors={({ id }) => periodColor(keys.find((key) => key.id === id) ?? {})}
            theme={CHART_THEME}
            margin={{
              top: 8,
              right: 16,
              bottom: 32,
              left: isHorizontal ? nameWidth : 40,
            }}
            padding={0.25}
            innerPadding={2}
            valueScale={{ type: 'linear', min: 0 }}
            axisLeft={
              isHorizontal
                ? { format: (name: string) => shorten(name, nameChars) }
                : { tickValues: countAxis, format: wholeNumbers }
            }
            axisBottom={
              isHorizontal
                ? { tickValues: countAxis, format: wholeNumbers }
                : {
                    format: shorten,
                    tickValues: spacedTicks(
                      data.map((bar) => bar.category),
                      size.width - 60,
                    ),
                  }
            }
            enableGridX={isHorizontal}
            enableGridY={!isHorizontal}
            {...(isHorizontal ? { gridXValues: countAxis } : { gridYValues: countAxis })}
            labelSkipWidth={20}
            labelSkipHeight={14}
            labelTextColor="#ffffff"
          />
        );
      }}
    </ChartFrame>
  );
}
