/** R-NLQ-9: the answer's table as CSV, headers and cells as the screen shows them. */

type Cell = string | number | null;

/** Quoted when needed; text a spreadsheet would run as a formula is led by an apostrophe. */
function cell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function answerCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `${[headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function saveCsv(fileName: string, csv: string): void {
  // A byte order mark, so a spreadsheet reads accents (Spanish names) as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
