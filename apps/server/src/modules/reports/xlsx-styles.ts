/**
 * The cell styles of a report workbook (R-RPT-7): a handful of fonts, fills and borders, number
 * formats by column kind, and the combinations cells use, each written once in styles.xml and
 * referred to by index from the cells.
 */
import type { ColumnKind } from './report-document';

export const numberFormats: Partial<Record<ColumnKind, string>> = {
  integer: '#,##0',
  quantity: '#,##0.00',
  money: '#,##0.00',
  percent: '0.0%',
  hours: '0.00',
  date: 'yyyy-mm-dd',
  time: 'hh:mm',
  dateTime: 'yyyy-mm-dd hh:mm',
};

const fonts = {
  plain: '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  bold: '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  title: '<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>',
  note: '<font><i/><sz val="11"/><color rgb="FF666666"/><name val="Calibri"/><family val="2"/></font>',
} as const;
const fills = {
  none: '<fill><patternFill patternType="none"/></fill>',
  // Excel expects the second fill to be gray125, whatever the workbook uses.
  gray125: '<fill><patternFill patternType="gray125"/></fill>',
  header: '<fill><patternFill patternType="solid"><fgColor rgb="FFE8EDF3"/></patternFill></fill>',
  total: '<fill><patternFill patternType="solid"><fgColor rgb="FFF4F6F9"/></patternFill></fill>',
} as const;
const borders = {
  none: '<border><left/><right/><top/><bottom/><diagonal/></border>',
  bottom:
    '<border><left/><right/><top/><bottom style="thin"><color auto="1"/></bottom><diagonal/></border>',
  top: '<border><left/><right/><top style="thin"><color auto="1"/></top><bottom/><diagonal/></border>',
} as const;

export type CellStyle = {
  kind?: ColumnKind;
  font?: keyof typeof fonts;
  fill?: Exclude<keyof typeof fills, 'gray125'>;
  border?: keyof typeof borders;
  right?: boolean;
};

const indexOf = <T extends object>(record: T, key: keyof T) =>
  Object.keys(record).indexOf(key as string);
const formatList = [...new Set(Object.values(numberFormats))];
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Hands out style indexes for the cells and writes styles.xml with exactly those styles. */
export class XlsxStyles {
  private readonly xfs: string[] = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
  ];
  private readonly byKey = new Map<string, number>();

  /** The index of a style; 0, the default, for a plain cell. */
  of(style: CellStyle): number {
    const format = style.kind ? numberFormats[style.kind] : undefined;
    const numFmtId = format ? 164 + formatList.indexOf(format) : 0;
    const fontId = indexOf(fonts, style.font ?? 'plain');
    const fillId = indexOf(fills, style.fill ?? 'none');
    const borderId = indexOf(borders, style.border ?? 'none');
    const key = `${numFmtId}/${fontId}/${fillId}/${borderId}/${style.right ? 1 : 0}`;
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.xfs.length;
      this.byKey.set(key, index);
      this.xfs.push(
        `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"` +
          `${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}` +
          `${fillId ? ' applyFill="1"' : ''}${borderId ? ' applyBorder="1"' : ''}` +
          (style.right ? ' applyAlignment="1"><alignment horizontal="right"/></xf>' : '/>'),
      );
    }
    return index;
  }

  xml(): string {
    const list = (tag: string, items: readonly string[]) =>
      `<${tag} count="${items.length}">${items.join('')}</${tag}>`;
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      list(
        'numFmts',
        formatList.map(
          (format, index) =>
            `<numFmt numFmtId="${164 + index}" formatCode="${escapeAttribute(format)}"/>`,
        ),
      ) +
      list('fonts', Object.values(fonts)) +
      list('fills', Object.values(fills)) +
      list('borders', Object.values(borders)) +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      list('cellXfs', this.xfs) +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
