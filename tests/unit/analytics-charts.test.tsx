// The shared charts as a reader meets them: a drawing, the same figures in a table for screen readers
// and paper, the print size while printing, and no animation for members who asked for less motion.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { countTicks, spacedTicks } from '../../src/ui/charts/axis-ticks';
import { BarChart } from '../../src/ui/charts/bar-chart';
import { CHART_ANIMATION_MS, useChartMotion } from '../../src/ui/charts/chart-motion';
import { LineChart } from '../../src/ui/charts/line-chart';
import { PieChart, type PiePrevious, type PieSlice } from '../../src/ui/charts/pie-chart';
import { PRINT_CHART_WIDTH } from '../../src/ui/charts/printing';
import { pageRoot } from './page-root';

const page = pageRoot();
let container: HTMLElement;

function render(element: React.ReactElement) {
  container = page.draw(element);
}

function tableRows(): string[][] {
  return [...container.querySelectorAll('table tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

function setReducedMotion(value: 'reduce' | 'no-preference') {
  (
    window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }
  ).happyDOM.settings.device.prefersReducedMotion = value;
}

afterEach(() => {
  setReducedMotion('no-preference');
});

const days = ['2026-11-20', '2026-11-21', '2026-11-22'];

describe('LineChart', () => {
  it('draws each series and lists every point in its table, the previous period beside the current', () => {
    render(
      <LineChart
        title="Daily engagement"
        description="Profile views per day over the range"
        xLabel="Date"
        width={480}
        series={[
          { id: 'views', label: 'Profile views', points: days.map((x, index) => ({ x, y: index + 1 })) },
          {
            id: 'previous',
            label: 'Previous period',
            isPrevious: true,
            points: days.map((x) => ({ x, y: 2 })),
          },
        ]}
      />,
    );
    expect(container.querySelector('figure svg')?.getAttribute('width')).toBe('480');
    expect(container.querySelectorAll('figure svg path').length).toBeGreaterThan(1);
    expect(container.querySelector('table caption')?.textContent).toBe('Daily engagement');
    expect(tableRows()).toEqual([
      ['Date', 'Profile views', 'Previous period'],
      ['2026-11-20', '1', '2'],
      ['2026-11-21', '2', '2'],
      ['2026-11-22', '3', '2'],
    ]);
    expect(container.querySelector('figcaption')?.textContent).toContain(
      'Profile views per day over the range',
    );
  });

  it('hides the drawing from screen readers, who read the table, and shows the table on request', () => {
    render(
      <LineChart
        title="Views"
        xLabel="Date"
        width={300}
        series={[{ id: 'v', label: 'Views', points: [] }]}
      />,
    );
    expect(container.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    const toggle = container.querySelector('button');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle?.click());
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(toggle?.textContent).toBe('Hide table');
  });

  it('labels at most one x value per 64 pixels of axis, starting with the first', () => {
    const month = Array.from({ length: 30 }, (_, index) => `d${index}`);
    expect(spacedTicks(month, 320)).toEqual(['d0', 'd6', 'd12', 'd18', 'd24']);
    expect(spacedTicks(days, 1000)).toEqual(days);
  });

  it('puts ticks and grid lines on whole counts only: each one while there are few', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(4.5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(countTicks(40)).toBe(5);
  });
});

describe('BarChart', () => {
  it('shortens category names to what fits beside the bars on a phone, never cutting their start', () => {
    render(
      <BarChart
        title="Top countries"
        categoryLabel="Country"
        width={300}
        keys={[{ id: 'count', label: 'Contacts' }]}
        bars={[
          { category: 'United Kingdom (33.3%)', values: { count: 2 } },
          { category: 'France (66.7%)', values: { count: 4 } },
        ]}
      />,
    );
    const names = [...container.querySelectorAll('figure svg text')].map((text) => text.textContent);
    // 40 % of 300 px leaves room for 14 characters of 12 px text.
    expect(names).toContain('United Kingdo…');
    expect(names).toContain('France (66.7%)');
    expect(tableRows()[1]).toEqual(['United Kingdom (33.3%)', '2']);
  });

  it('lists every category with its value and the previous period', () => {
    render(
      <BarChart
        title="Top countries"
        categoryLabel="Country"
        width={400}
        keys={[
          { id: 'count', label: 'Contacts' },
          { id: 'previous', label: 'Previous period', isPrevious: true },
        ]}
        bars={[
          { category: 'France', values: { count: 12, previous: 4 } },
          { category: 'Unknown', values: { count: 3 } },
        ]}
      />,
    );
    expect(container.querySelectorAll('figure svg rect').length).toBeGreaterThanOrEqual(3);
    expect(tableRows()).toEqual([
      ['Country', 'Contacts', 'Previous period'],
      ['France', '12', '4'],
      ['Unknown', '3', '0'],
    ]);
  });
});

function renderSources(slices: PieSlice[], previous?: PiePrevious) {
  render(
    <PieChart
      title="View sources"
      categoryLabel="Source"
      valueLabel="Views"
      width={300}
      slices={slices}
      {...(previous ? { previous } : {})}
    />,
  );
}

describe('PieChart', () => {
  it('gives each slice its share to one decimal', () => {
    renderSources([
      { id: 'nfc', label: 'NFC', value: 2 },
      { id: 'qr', label: 'QR', value: 1 },
    ]);
    expect(tableRows()).toEqual([
      ['Source', 'Views', 'Share (%)'],
      ['NFC', '2', '66.7'],
      ['QR', '1', '33.3'],
    ]);
  });

  it('draws the period before as an inner ring and lists it beside this period', () => {
    renderSources(
      [
        { id: 'nfc', label: 'NFC', value: 3 },
        { id: 'qr', label: 'QR', value: 1 },
      ],
      { label: 'Previous 30 days', values: { qr: 2 } },
    );
    expect(tableRows()).toEqual([
      ['Source', 'Views', 'Share (%)', 'Previous 30 days: views', 'Previous 30 days: share (%)'],
      ['NFC', '3', '75', '0', '0'],
      ['QR', '1', '25', '2', '100'],
    ]);
    expect(container.querySelectorAll('figure svg').length).toBe(2);
    expect(container.textContent).toContain('QR: 1 (25%), previous 30 days: 2 (100%)');
    expect(container.textContent).toContain('Outer ring: this period. Inner ring: previous 30 days.');
  });

  it('draws no inner ring when the period before had nothing, and says so', () => {
    renderSources([{ id: 'nfc', label: 'NFC', value: 3 }], { label: 'Previous 7 days', values: {} });
    expect(container.querySelectorAll('figure svg').length).toBe(1);
    expect(container.textContent).toContain('Inner ring: previous 7 days (none).');
  });

  it('gives 0 % rather than no number when there is nothing to share', () => {
    renderSources([{ id: 'nfc', label: 'NFC', value: 0 }]);
    expect(tableRows()[1]).toEqual(['NFC', '0', '0']);
  });
});

describe('printing', () => {
  it('draws every chart at the print width while the print dialog is open, and as before afterwards', () => {
    render(
      <LineChart
        title="Views"
        xLabel="Date"
        width={900}
        series={[{ id: 'v', label: 'Views', points: [{ x: 'a', y: 1 }] }]}
      />,
    );
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(container.querySelector('[data-printing]')).not.toBeNull();
    expect(container.querySelector('svg')?.getAttribute('width')).toBe(String(PRINT_CHART_WIDTH));
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(container.querySelector('[data-printing]')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('900');
  });
});

let seen: ReturnType<typeof useChartMotion> | undefined;
function MotionProbe() {
  seen = useChartMotion();
  return null;
}

describe('useChartMotion', () => {
  it('animates for 800 ms', () => {
    render(<MotionProbe />);
    expect(seen).toEqual({ animate: true, motionConfig: { duration: 800 } });
    expect(CHART_ANIMATION_MS).toBe(800);
  });

  it('does not animate under prefers-reduced-motion', () => {
    setReducedMotion('reduce');
    render(<MotionProbe />);
    expect(seen?.animate).toBe(false);
  });
});
