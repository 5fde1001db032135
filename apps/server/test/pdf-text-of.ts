/**
 * What a PDF says, as poppler's pdftotext reads it (the tool CI installs with pdftoppm), with its
 * runs of spaces and line breaks made single spaces: tests check the words a reader sees.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function pdfTextOf(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(folder, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .replace(/\s+/g, ' ')
      .trim();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
