/**
 * Charts for PDFs (R-RPT-8): bars (grouped or stacked), lines, a value axis with round ticks, a
 * category axis that thins or tilts its labels to fit, and a legend, written as SVG text that
 * pdfmake draws as vectors (its `svg` node). No browser and no canvas: the report job runs
 * anywhere the server runs, and the PDF stays sharp when printed.
 */

export type ChartSeries = {
  name: string;
  values: readonly number[];
  color: string;
  /** Bars of one stack pile up; bars of different stacks stand side by side. Lines go on top. */
  kind: 'bar' | 'line';
  stack?: string;
  dashed?: boolean;
};

export type ChartSpec = {
  title: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** What the value axis counts: "trucks", "yd³". */
  unit?: string;
  width?: number;
  height?: number;
};

/** Colours that stay apart when printed in grey too (dark, mid and light in turn). */
export const chartPalette = [
  '#1f5fbf',
  '#e8912d',
  '#2e9d68',
  '#8d5cc4',
  '#c4473a',
  '#7fa9e0',
  '#b8862b',
  '#5c6b7a',
] as const;

const font = 'Roboto';
const textColor = '#333333';
const axisColor = '#9aa4ae';
const gridColor = '#e3e7eb';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Roboto at `size` averages a little over half its size per character. */
const textWidth = (text: string, size: number) => text.length * size * 0.55;

const round = (value: number) => Math.round(value * 10) / 10;

/** Ticks from 0 past `max` in steps of 1, 2 or 5 times a power of ten, at most `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((s) => s >= rough)!;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

const tickLabel = (value: number) =>
  Math.abs(value) >= 10_000
    ? `${(value / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`
    : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function text(
  x: number,
  y: number,
  content: string,
  options: {
    size?: number;
    anchor?: 'start' | 'middle' | 'end';
    bold?: boolean;
    rotate?: number;
  } = {},
): string {
  const size = options.size ?? 8;
  const rotate = options.rotate
    ? ` transform="rotate(${options.rotate} ${round(x)} ${round(y)})"`
    : '';
  return `<text x="${round(x)}" y="${round(y)}" font-family="${font}" font-size="${size}"${
    options.bold ? ' font-weight="bold"' : ''
  } fill="${textColor}" text-anchor="${options.anchor ?? 'start'}"${rotate}>${escapeXml(content)}</text>`;
}

/** The highest point any category reaches: the tallest stack, or the highest line point. */
function highestValue(spec: ChartSpec): number {
  let highest = 0;
  spec.categories.forEach((_, index) => {
    const stacks = new Map<string, number>();
    for (const series of spec.series) {
      const value = Math.max(0, series.values[index] ?? 0);
      if (series.kind === 'line') highest = Math.max(highest, value);
      else {
        const key = series.stack ?? series.name;
        stacks.set(key, (stacks.get(key) ?? 0) + value);
      }
    }
    for (const total of stacks.values()) highest = Math.max(highest, total);
  });
  return highest;
}

function legend(spec: ChartSpec, width: number): { svg: string; height: number } {
  const size = 8;
  const items = spec.series.map((series) => ({
    series,
    width: 14 + textWidth(series.name, size) + 12,
  }));
  const lines: (typeof items)[] = [[]];
  let used = 0;
  for (const item of items) {
    if (used + item.width > width && lines[lines.length - 1]!.length > 0) {
      lines.push([]);
      used = 0;
    }
    lines[lines.length - 1]!.push(item);
    used += item.width;
  }
  const parts: string[] = [];
  lines.forEach((line, row) => {
    let x = 0;
    const y = 24 + row * 13;
    for (const { series, width: itemWidth } of line) {
      parts.push(
        series.kind === 'line'
          ? `<line x1="${round(x)}" y1="${y - 3}" x2="${round(x + 10)}" y2="${y - 3}" stroke="${series.color}" stroke-width="2"${series.dashed ? ' stroke-dasharray="3,2"' : ''}/>`
          : `<rect x="${round(x)}" y="${y - 8}" width="10" height="9" fill="${series.color}"/>`,
      );
      parts.push(text(x + 14, y, series.name, { size }));
      x += itemWidth;
    }
  });
  return { svg: parts.join(''), height: 14 + lines.length * 13 };
}

/** R-RPT-8: one chart as an SVG document. */
export function chartSvg(spec: ChartSpec): string {
  const width = spec.width ?? 520;
  const height = spec.height ?? 220;
  const parts: string[] = [text(0, 11, spec.title, { size: 10, bold: true })];
  const key = legend(spec, width);
  parts.push(key.svg);

  const ticks = niceTicks(highestValue(spec));
  const top = ticks[ticks.length - 1]!;
  const labelSize = 7.5;
  const left = Math.max(...ticks.map((tick) => textWidth(tickLabel(tick), labelSize))) + 8;
  const count = Math.max(1, spec.categories.length);
  const plotWidth = width - left - 4;
  const band = plotWidth / count;
  const longest = Math.max(0, ...spec.categories.map((label) => textWidth(label, labelSize)));
  // Labels tilt when they do not fit their band, and every n-th is kept when even tilted ones crowd.
  const tilted = longest > band - 2;
  const every = tilted ? Math.max(1, Math.ceil(11 / band)) : 1;
  const bottom = tilted ? Math.min(70, longest * 0.72 + 12) : 16;
  // The unit stands above the value axis, clear of its top tick.
  const plotTop = key.height + (spec.unit ? 16 : 6);
  const plotHeight = Math.max(40, height - plotTop - bottom);
  const y = (value: number) => plotTop + plotHeight - (Math.max(0, value) / top) * plotHeight;

  for (const tick of ticks) {
    parts.push(
      `<line x1="${round(left)}" y1="${round(y(tick))}" x2="${round(width - 4)}" y2="${round(y(tick))}" stroke="${tick === 0 ? axisColor : gridColor}" stroke-width="${tick === 0 ? 0.8 : 0.5}"/>`,
    );
    parts.push(text(left - 4, y(tick) + 2.5, tickLabel(tick), { size: labelSize, anchor: 'end' }));
  }
  if (spec.unit) parts.push(text(0, plotTop - 9, spec.unit, { size: 7, anchor: 'start' }));

  const bars = spec.series.filter((series) => series.kind === 'bar');
  const stackKeys = [...new Set(bars.map((series) => series.stack ?? series.name))];
  const groupWidth = band * (count > 40 ? 0.86 : 0.72);
  const barWidth = stackKeys.length > 0 ? groupWidth / stackKeys.length : 0;
  spec.categories.forEach((label, index) => {
    const bandLeft = left + index * band;
    stackKeys.forEach((stackKey, position) => {
      let base = 0;
      const x = bandLeft + (band - groupWidth) / 2 + position * barWidth;
      for (const series of bars.filter((bar) => (bar.stack ?? bar.name) === stackKey)) {
        const value = Math.max(0, series.values[index] ?? 0);
        if (value > 0) {
          const y0 = y(base);
          const y1 = y(base + value);
          parts.push(
            `<rect x="${round(x)}" y="${round(y1)}" width="${round(Math.max(0.6, barWidth - 0.6))}" height="${round(Math.max(0.3, y0 - y1))}" fill="${series.color}"/>`,
          );
        }
        base += value;
      }
    });
    if (index % every === 0) {
      const cx = bandLeft + band / 2;
      const ly = plotTop + plotHeight + 10;
      parts.push(
        tilted
          ? text(cx + 2, ly - 2, label, { size: labelSize, anchor: 'end', rotate: -45 })
          : text(cx, ly, label, { size: labelSize, anchor: 'middle' }),
      );
    }
  });

  for (const series of spec.series.filter((line) => line.kind === 'line')) {
    const points = spec.categories.map(
      (_, index) =>
        `${round(left + index * band + band / 2)},${round(y(series.values[index] ?? 0))}`,
    );
    parts.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${series.color}" stroke-width="1.6"${series.dashed ? ' stroke-dasharray="4,3"' : ''}/>`,
    );
    if (count <= 40) {
      for (const point of points) {
        const [cx, cy] = point.split(',');
        parts.push(`<circle cx="${cx}" cy="${cy}" r="1.8" fill="${series.color}"/>`);
      }
    }
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
