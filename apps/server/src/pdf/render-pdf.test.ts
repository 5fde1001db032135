import { describe, expect, it } from 'vitest';
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
});
