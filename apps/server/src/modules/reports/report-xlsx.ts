/**
 * A report as an Excel workbook (R-RPT-7): one sheet per table, the report's header above it,
 * typed cells (numbers, dates, times) with number formats, the column header frozen and
 * filterable, columns sized to their content, subtotal and total rows as SUBTOTAL formulas (so a
 * total never counts a subtotal twice, and stays right when someone edits a figure).
 * SpreadsheetML is written directly: a month of a large producer's orders is tens of thousands of
 * rows, and a general workbook library spends seconds on them (R-RPT-10).
 */
import type {
  CellValue,
  ColumnKind,
  ReportColumn,
  ReportDocument,
  ReportRow,
  ReportTable,
} from './report-document';
import { isNumeric } from './report-format';
import { XlsxStyles, type CellStyle } from './xlsx-styles';
import { zipArchive } from './zip-archive';

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

// Characters XML 1.0 cannot hold at all are dropped; the five markup ones are escaped.
// eslint-disable-next-line no-control-regex -- exactly the control characters XML forbids
const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) =>
  text.replace(invalidXml, '').replace(/[&<>"]/g, (character) => escapes[character]!);

const columnLetter = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
};

/** Days since Excel's epoch of local wall-clock parts (Excel has no time zones). */
function serialDay(value: string): number {
  const [date = '', time = '00:00'] = value.split(/[ T]/);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return (Date.UTC(year, month - 1, day, hour, minute) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** A cell's value as Excel stores it: a number (dates and times are numbers too) or text. */
function typed(kind: ColumnKind, value: CellValue): number | string | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return kind === 'percent' ? value / 100 : value;
  if (kind === 'date' || kind === 'dateTime') return serialDay(value);
  if (kind === 'time') {
    const [hour = 0, minute = 0] = value.split(':').map(Number);
    return (hour * 60 + minute) / 1440;
  }
  return value;
}

type Cell = number | string | null | { formula: string; result: number | string | null };

/**
 * The workbook's texts, each stored once and referred to by number: customer, job and product
 * names repeat on thousands of rows.
 */
class SharedStrings {
  private readonly index = new Map<string, number>();
  private count = 0;

  of(text: string): number {
    this.count += 1;
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.index.size;
      this.index.set(text, at);
    }
    return at;
  }

  xml(): string {
    let items = '';
    for (const text of this.index.keys()) {
      items += `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`;
    }
    return `${xmlHead}<sst xmlns="${mainNs}" count="${this.count}" uniqueCount="${this.index.size}">${items}</sst>`;
  }
}

function cellXml(reference: string, value: Cell, style: number, strings: SharedStrings): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null) return style ? `<c r="${reference}"${s}/>` : '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${reference}"${s}><v>${value}</v></c>` : '';
  }
  if (typeof value === 'string') {
    return `<c r="${reference}"${s} t="s"><v>${strings.of(value)}</v></c>`;
  }
  const result = typeof value.result === 'number' ? `<v>${value.result}</v>` : '';
  return `<c r="${reference}"${s}><f>${value.formula}</f>${result}</c>`;
}

function widthFor(column: ReportColumn, sample: readonly ReportRow[]): number {
  if (column.kind !== 'text') {
    return Math.max(column.label.length + 2, column.kind === 'dateTime' ? 17 : 12);
  }
  let longest = column.label.length;
  for (const row of sample) longest = Math.max(longest, String(row[column.key] ?? '').length);
  return Math.min(48, longest + 2);
}

/** The number of header lines above the column heading: title, company, parameters, notes, gap. */
const headerLines = 5;

type Sheet = { name: string; xml: Buffer; filter: string | null };

function sheetOf(
  document: ReportDocument,
  table: ReportTable,
  name: string,
  styles: XlsxStyles,
  strings: SharedStrings,
): Sheet {
  const withSection = table.sectionLabel !== undefined;
  const offset = withSection ? 1 : 0;
  const width = table.columns.length + offset;
  const letters = Array.from({ length: width }, (_, index) => columnLetter(index));
  const headerNumber = headerLines + 1;
  // Rows leave the string heap in blocks: one string of a whole month's sheet keeps the
  // garbage collector busy for longer than writing it takes.
  const blocks: Buffer[] = [];
  let pending: string[] = [];
  const flush = () => {
    blocks.push(Buffer.from(pending.join(''), 'utf8'));
    pending = [];
  };
  let rowNumber = 0;
  const add = (cells: readonly Cell[], style: (index: number) => number = () => 0) => {
    rowNumber += 1;
    let xml = '';
    cells.forEach((cell, index) => {
      xml += cellXml(
        `${letters[index] ?? columnLetter(index)}${rowNumber}`,
        cell,
        style(index),
        strings,
      );
    });
    pending.push(`<row r="${rowNumber}">${xml}</row>`);
    if (pending.length === 1000) flush();
  };

  const title = styles.of({ font: 'title' });
  const note = styles.of({ font: 'note' });
  add([table.title ? `${document.title}: ${table.title}` : document.title], () => title);
  add([`${document.company} · ${document.database} · ${document.period}`]);
  add([document.parameters.map((each) => `${each.label}: ${each.value}`).join('; ')]);
  add([document.notes.join(' ')], () => note);
  add([]);
  const columnOf = (index: number) => table.columns[index - offset];
  const headerStyles = letters.map((_, index) => {
    const column = columnOf(index);
    return styles.of({
      font: 'bold',
      fill: 'header',
      border: 'bottom',
      right: column !== undefined && isNumeric(column.kind),
    });
  });
  add(
    [...(withSection ? [table.sectionLabel!] : []), ...table.columns.map((column) => column.label)],
    (index) => headerStyles[index]!,
  );

  const detailStyles = letters.map((_, index) => {
    const column = columnOf(index);
    return column ? styles.of({ kind: column.kind }) : 0;
  });
  const summaryStyles = (fill: boolean) =>
    letters.map((_, index) => {
      const style: CellStyle = { kind: columnOf(index)?.kind, font: 'bold' };
      if (fill) style.fill = 'total';
      if (index === 0) style.border = 'top';
      return styles.of(style);
    });
  const subtotalStyles = summaryStyles(false);
  const totalStyles = summaryStyles(true);

  const summary = (row: ReportRow, label: string, from: number, to: number, fill: boolean) => {
    const values: Cell[] = table.columns.map((column, index) => {
      const value = row[column.key] ?? null;
      if (column.aggregate === 'sum' && value !== null && to >= from) {
        const letter = letters[index + offset]!;
        return {
          formula: `SUBTOTAL(9,${letter}${from}:${letter}${to})`,
          result: typed(column.kind, value),
        };
      }
      return typed(column.kind, value);
    });
    if (!withSection) {
      const labelAt = table.columns.findIndex(
        (column) => !isNumeric(column.kind) && (row[column.key] ?? null) === null,
      );
      if (labelAt >= 0) values[labelAt] = label;
    }
    const rowStyles = fill ? totalStyles : subtotalStyles;
    add([...(withSection ? [label] : []), ...values], (index) => rowStyles[index]!);
  };

  const firstDetail = headerNumber + 1;
  for (const section of table.sections) {
    const from = rowNumber + 1;
    for (const row of section.rows) {
      add(
        [
          ...(withSection ? [section.label ?? ''] : []),
          ...table.columns.map((column) => typed(column.kind, row[column.key] ?? null)),
        ],
        (index) => detailStyles[index]!,
      );
    }
    if (section.subtotal && section.label !== null) {
      summary(section.subtotal, `Subtotal ${section.label}`, from, rowNumber, false);
    }
  }
  const lastDetail = rowNumber;
  if (table.total) summary(table.total, 'Total', firstDetail, lastDetail, true);

  const sample = table.sections.flatMap((section) => section.rows.slice(0, 200)).slice(0, 500);
  const widths = [
    ...(withSection
      ? [
          Math.min(
            40,
            Math.max(
              table.sectionLabel!.length,
              ...table.sections.map((section) => (section.label ?? '').length),
            ) + 2,
          ),
        ]
      : []),
    ...table.columns.map((column) => widthFor(column, sample)),
  ];
  const filter =
    lastDetail >= firstDetail ? `$A$${headerNumber}:$${letters[width - 1]}$${headerNumber}` : null;
  const pane = withSection
    ? `<pane xSplit="1" ySplit="${headerNumber}" topLeftCell="B${firstDetail}" activePane="bottomRight" state="frozen"/>`
    : `<pane ySplit="${headerNumber}" topLeftCell="A${firstDetail}" activePane="bottomLeft" state="frozen"/>`;
  flush();
  const head =
    `${xmlHead}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}">` +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${widths.map((each, index) => `<col min="${index + 1}" max="${index + 1}" width="${each}" customWidth="1"/>`).join('')}</cols>` +
    '<sheetData>';
  const tail =
    '</sheetData>' +
    (filter ? `<autoFilter ref="${filter.replace(/\$/g, '')}"/>` : '') +
    '</worksheet>';
  const xml = Buffer.concat([Buffer.from(head), ...blocks, Buffer.from(tail)]);
  return { name, xml, filter };
}

function sheetNames(tables: readonly ReportTable[]): string[] {
  const used = new Set<string>();
  return tables.map((table) => {
    let name = table.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
    for (let n = 2; used.has(name); n += 1) name = `${table.sheet.slice(0, 28)} ${n}`;
    used.add(name);
    return name;
  });
}

export function reportXlsx(document: ReportDocument): Buffer {
  const styles = new XlsxStyles();
  const strings = new SharedStrings();
  const tables = document.tables.filter((table) => table.outputs.includes('xlsx'));
  const names = sheetNames(tables);
  const sheets: Sheet[] = tables.map((table, index) =>
    sheetOf(document, table, names[index]!, styles, strings),
  );
  if (sheets.length === 0) {
    sheets.push({
      name: 'Report',
      xml: Buffer.from(
        `${xmlHead}<worksheet xmlns="${mainNs}"><sheetData><row r="1">${cellXml('A1', document.title, 0, strings)}</row></sheetData></worksheet>`,
      ),
      filter: null,
    });
  }
  const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const definedNames = sheets
    .map((sheet, index) =>
      sheet.filter
        ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${index}" hidden="1">${escapeXml(`${quoted(sheet.name)}!${sheet.filter}`)}</definedName>`
        : '',
    )
    .join('');
  const workbook =
    `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><bookViews><workbookView/></bookViews><sheets>` +
    sheets
      .map(
        (sheet, index) =>
          `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
      )
      .join('') +
    `</sheets>${definedNames ? `<definedNames>${definedNames}</definedNames>` : ''}</workbook>`;
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
  const workbookRels =
    `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
    sheets
      .map((_, index) =>
        relationship(`rId${index + 1}`, `${relNs}/worksheet`, `worksheets/sheet${index + 1}.xml`),
      )
      .join('') +
    relationship(`rId${sheets.length + 1}`, `${relNs}/styles`, 'styles.xml') +
    relationship(`rId${sheets.length + 2}`, `${relNs}/sharedStrings`, 'sharedStrings.xml') +
    '</Relationships>';
  const rootRels =
    `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
    relationship('rId1', `${relNs}/officeDocument`, 'xl/workbook.xml') +
    relationship(
      'rId2',
      'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
      'docProps/core.xml',
    ) +
    '</Relationships>';
  const core =
    `${xmlHead}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:title>${escapeXml(document.title)}</dc:title><dc:creator>${escapeXml(document.generatedBy)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().slice(0, 19)}Z</dcterms:created>` +
    '</cp:coreProperties>';
  const override = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="${type}"/>`;
  const officeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const contentTypes =
    `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    override('/xl/workbook.xml', `${officeType}.sheet.main+xml`) +
    sheets
      .map((_, index) =>
        override(`/xl/worksheets/sheet${index + 1}.xml`, `${officeType}.worksheet+xml`),
      )
      .join('') +
    override('/xl/styles.xml', `${officeType}.styles+xml`) +
    override('/xl/sharedStrings.xml', `${officeType}.sharedStrings+xml`) +
    override('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml') +
    '</Types>';
  return zipArchive([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rootRels },
    { name: 'docProps/core.xml', data: core },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels },
    { name: 'xl/styles.xml', data: styles.xml() },
    { name: 'xl/sharedStrings.xml', data: strings.xml() },
    ...sheets.map((sheet, index) => ({
      name: `xl/worksheets/sheet${index + 1}.xml`,
      data: sheet.xml,
    })),
  ]);
}
