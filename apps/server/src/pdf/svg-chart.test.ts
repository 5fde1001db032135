/** R-RPT-8: the SVG chart builder: round ticks, stacked and grouped bars, lines, legend, labels. */
import { describe, expect, it } from 'vitest';
import { renderPdf } from './render-pdf';
import { chartSvg, niceTicks } from './svg-chart';

const count = (svg: string, pattern: RegExp) => svg.match(pattern)?.length ?? 0;

describe('svg charts', () => {
  it('picks round ticks from zero past the highest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1234)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('stacks bars of one stack, puts lines on top and names every series in the legend', () => {
    const svg = chartSvg({
      title: 'Truck demand <North & South>',
      categories: ['07:00', '08:00', '09:00'],
      series: [
        { name: 'Firm', values: [1, 2, 0], color: '#111111', kind: 'bar', stack: 'd' },
        { name: 'Will call', values: [0, 1, 1], color: '#222222', kind: 'bar', stack: 'd' },
        { name: 'Available', values: [3, 3, 3], color: '#333333', kind: 'line', dashed: true },
      ],
      unit: 'trucks',
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Truck demand &lt;North &amp; South&gt;');
    // Four bars with a value (zeros draw nothing) plus two legend swatches.
    expect(count(svg, /<rect [^>]*fill="#111111"/g)).toBe(1 + 2);
    expect(count(svg, /<rect [^>]*fill="#222222"/g)).toBe(2 + 1);
    expect(count(svg, /<polyline [^>]*stroke-dasharray/g)).toBe(1);
    expect(count(svg, /<circle /g)).toBe(3);
    for (const label of ['Firm', 'Will call', 'Available', 'trucks', '07:00', '09:00']) {
      expect(svg).toContain(`>${label}<`);
    }
    // The stacked top of 08:00 (3) and the line (3) meet the top tick.
    expect(svg).toContain('>3<');
  });

  it('stands different stacks side by side and tilts labels that do not fit', () => {
    const categories = Array.from({ length: 60 }, (_, index) => `Day number ${index + 1}`);
    const svg = chartSvg({
      title: 'Sales',
      categories,
      series: [
        { name: 'A', values: categories.map(() => 2), color: '#aa0000', kind: 'bar' },
        { name: 'B', values: categories.map(() => 1), color: '#00aa00', kind: 'bar' },
        { name: 'Line', values: categories.map(() => 1), color: '#0000aa', kind: 'line' },
      ],
      width: 500,
      height: 200,
    });
    expect(count(svg, /rotate\(-45/g)).toBeGreaterThan(5);
    expect(count(svg, /rotate\(-45/g)).toBeLessThan(60);
    // Many points: no dots on the line.
    expect(count(svg, /<circle /g)).toBe(0);
    // After its legend swatch, each series' first bar: B stands right of A.
    const firstBar = (color: string) =>
      Number([...svg.matchAll(new RegExp(`<rect x="([\\d.]+)"[^>]*fill="${color}"`, 'g'))][1]![1]);
    expect(firstBar('#00aa00')).toBeGreaterThan(firstBar('#aa0000'));
  });

  it('is drawn by pdfmake as vectors', async () => {
    const pdf = await renderPdf({
      title: 'Chart',
      content: [
        {
          svg: chartSvg({
            title: 'Chart',
            categories: ['a', 'b'],
            series: [{ name: 'x', values: [1, 2], color: '#123456', kind: 'bar' }],
          }),
          width: 400,
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
