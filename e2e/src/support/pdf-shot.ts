/** A PDF the product made, checked to be one and its first page saved as a screenshot. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { screenshots } from './maintenance';

export function savePdfFirstPage(pdf: Buffer, fileName: string, shot: string): void {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const pdfFile = path.join(tmpdir(), fileName);
  writeFileSync(pdfFile, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    path.join(screenshots, shot),
  ]);
}
