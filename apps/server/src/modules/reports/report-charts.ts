/**
 * The charts reports share (R-RPT-8): quantities over time, stacked by the largest groups (the
 * rest as "Others"), one chart per unit since yards and tons do not add up.
 */
import { chartPalette, type ChartSeries } from '../../pdf/svg-chart';
import type { ReportChart } from './report-document';

const preferredUnits = ['yd³', 'tn', 'ea'];

export type Bucket = { key: string; label: string };

export type StackedPoint = { unit: string; group: string; bucket: string; value: number };

/** Charts of `points` by bucket, one per unit (largest first), each stacking its top groups. */
export function stackedChartsByUnit(options: {
  title: (unit: string) => string;
  points: readonly StackedPoint[];
  buckets: readonly Bucket[];
  topGroups?: number;
  maxCharts?: number;
}): ReportChart[] {
  const top = options.topGroups ?? 6;
  const byUnit = new Map<string, StackedPoint[]>();
  for (const point of options.points) {
    if (point.unit === '') continue;
    byUnit.set(point.unit, [...(byUnit.get(point.unit) ?? []), point]);
  }
  const total = (points: readonly StackedPoint[]) => points.reduce((sum, p) => sum + p.value, 0);
  // What the producer sells by comes first: yards of concrete, tons of aggregate, block by the piece.
  const rank = (unit: string) => {
    const index = preferredUnits.indexOf(unit);
    return index < 0 ? preferredUnits.length : index;
  };
  return [...byUnit]
    .sort((a, b) => rank(a[0]) - rank(b[0]) || total(b[1]) - total(a[1]))
    .slice(0, options.maxCharts ?? 3)
    .map(([unit, points]) => {
      const groupTotals = new Map<string, number>();
      for (const point of points) {
        groupTotals.set(point.group, (groupTotals.get(point.group) ?? 0) + point.value);
      }
      const ranked = [...groupTotals].sort((a, b) => b[1] - a[1]).map(([group]) => group);
      const shown = ranked.length > top + 1 ? ranked.slice(0, top) : ranked;
      const shownSet = new Set(shown);
      const bucketIndex = new Map(options.buckets.map((bucket, index) => [bucket.key, index]));
      const valuesOf = (matches: (group: string) => boolean) => {
        const values = options.buckets.map(() => 0);
        for (const point of points) {
          const index = bucketIndex.get(point.bucket);
          if (index !== undefined && matches(point.group)) values[index]! += point.value;
        }
        return values.map((value) => Math.round(value * 100) / 100);
      };
      const series: ChartSeries[] = shown.map((group, index) => ({
        name: group,
        values: valuesOf((each) => each === group),
        color: chartPalette[index % chartPalette.length]!,
        kind: 'bar',
        stack: 'all',
      }));
      if (shown.length < ranked.length) {
        series.push({
          name: 'Others',
          values: valuesOf((each) => !shownSet.has(each)),
          color: '#b9c2cc',
          kind: 'bar',
          stack: 'all',
        });
      }
      return {
        title: options.title(unit),
        categories: options.buckets.map((bucket) => bucket.label),
        series,
        unit,
      };
    });
}
