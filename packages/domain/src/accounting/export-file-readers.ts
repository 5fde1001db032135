/**
 * Test readers of the export files (R-ACCT-2, R-ACCT-10), shared by the domain's and the server's
 * tests: they read a file back as its importer would, without the writers' code, and check what
 * an import needs: the IIF's headers, and that each transaction's TRNS and SPL amounts sum to zero.
 */

export type IifTransaction = {
  /** The TRNS row, by the !TRNS header's column names. */
  trns: Record<string, string>;
  /** The SPL rows, by the !SPL header's column names. */
  splits: Record<string, string>[];
};

export type IifFile = {
  trnsHeader: string[];
  splHeader: string[];
  transactions: IifTransaction[];
};

/** Whole cents of an IIF or CSV amount ("-1234.50"); throws on anything else. */
export function cents(text: string): number {
  if (!/^-?\d+\.\d{2}$/.test(text)) throw new Error(`Not an amount with two decimals: "${text}"`);
  const negative = text.startsWith('-');
  const [whole, fraction] = text.replace('-', '').split('.') as [string, string];
  const value = Number(whole) * 100 + Number(fraction);
  return negative ? -value : value;
}

/**
 * Reads an IIF file: the three headers first, then TRNS, SPL... and ENDTRNS blocks; throws on a
 * row out of place, a row wider than its header, or a transaction whose amounts do not sum to 0.
 */
export function readIif(text: string): IifFile {
  if (!text.endsWith('\r\n')) throw new Error('An IIF file ends its last row with CRLF.');
  const rows = text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split('\t'));
  const [trns, spl, end] = rows;
  if (trns?.[0] !== '!TRNS' || spl?.[0] !== '!SPL' || end?.[0] !== '!ENDTRNS' || end.length > 1) {
    throw new Error('An IIF file starts with the !TRNS, !SPL and !ENDTRNS headers.');
  }
  const file: IifFile = { trnsHeader: trns.slice(1), splHeader: spl.slice(1), transactions: [] };
  const named = (header: string[], cells: string[]) => {
    if (cells.length - 1 > header.length)
      throw new Error(`A row wider than its header: ${cells.join(' ')}`);
    return Object.fromEntries(header.map((column, index) => [column, cells[index + 1] ?? '']));
  };
  let open: IifTransaction | null = null;
  for (const cells of rows.slice(3)) {
    const keyword = cells[0];
    if (keyword === 'TRNS') {
      if (open) throw new Error('A TRNS row before the last transaction ended.');
      open = { trns: named(file.trnsHeader, cells), splits: [] };
    } else if (keyword === 'SPL') {
      if (!open) throw new Error('An SPL row outside a transaction.');
      open.splits.push(named(file.splHeader, cells));
    } else if (keyword === 'ENDTRNS') {
      if (!open || open.splits.length === 0) throw new Error('ENDTRNS without TRNS and SPL rows.');
      const sum =
        cents(open.trns.AMOUNT ?? '') +
        open.splits.reduce((total, split) => total + cents(split.AMOUNT ?? ''), 0);
      if (sum !== 0) {
        throw new Error(`Transaction ${open.trns.DOCNUM} does not balance: off by ${sum} cents.`);
      }
      file.transactions.push(open);
      open = null;
    } else {
      throw new Error(`An unknown row: ${cells.join(' ')}`);
    }
  }
  if (open) throw new Error('The last transaction has no ENDTRNS.');
  return file;
}

/** Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF rows) into rows of fields. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  if (quoted || field !== '' || row.length > 0) throw new Error('The CSV does not end with CRLF.');
  return rows;
}

/** CSV rows as records by the header row's names. */
export function readCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text);
  if (!header) return [];
  return rows.map((cells) => {
    if (cells.length !== header.length)
      throw new Error(`A row of ${cells.length} fields: ${cells.join(',')}`);
    return Object.fromEntries(header.map((column, index) => [column, cells[index]!]));
  });
}
