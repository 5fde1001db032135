import { describe, expect, it } from 'vitest';
import { fontParses } from './pdf-fonts';
import { renderPdf } from './render-pdf';

describe('renderPdf', () => {
  it('makes a PDF with the given title and text', async () => {
    const pdf = await renderPdf({
      title: 'Receipt 42',
      content: [{ text: 'Thank you', style: 'title' }],
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('Receipt 42');
  });

  it('refuses to fetch images named by document content', async () => {
    await expect(
      renderPdf({ title: 'x', content: [{ image: 'https://example.com/a.png' }] }),
    ).rejects.toThrow();
  });

  it('parses each font once, not for every document, and embeds it in each', async () => {
    const document = (text: string) =>
      renderPdf({
        title: text,
        content: [
          { text, bold: true },
          { text: `${text}, señal ³`, italics: true },
        ],
      });
    await document('First');
    const parsed = fontParses();
    const second = await document('Second');
    expect(fontParses()).toBe(parsed);
    // Each document still carries its own subset of the fonts it uses: bold, italics, and the
    // footer's regular.
    expect(second.toString('latin1').match(/\/FontFile2/g)?.length).toBe(3);
  });

  it('refuses to read a local file named by document content', async () => {
    await expect(
      renderPdf({ title: 'x', content: [{ image: '/etc/hostname' }] }),
    ).rejects.toThrow();
  });
});
