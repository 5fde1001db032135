import { describe, expect, it } from 'vitest';
import type { ReportDocument } from './report-document';
import { reportCsv } from './report-csv';

describe('a report as CSV', () => {
  it('writes a customer or job a spreadsheet would run as a formula as plain text', () => {
    const document = {
      tables: [
        {
          sheet: 'Tickets',
          outputs: ['csv'],
          sectionLabel: 'Plant',
          columns: [
            { key: 'customer', label: 'Customer', kind: 'text' },
            { key: 'quantity', label: 'Quantity', kind: 'quantity' },
          ],
          sections: [
            {
              label: '=1+1',
              rows: [{ customer: '=HYPERLINK("http://evil.test","x")', quantity: -2 }],
            },
          ],
        },
      ],
    } as unknown as ReportDocument;
    expect(reportCsv(document).toString('utf8')).toBe(
      '\uFEFFPlant,Customer,Quantity\r\n\'=1+1,"\'=HYPERLINK(""http://evil.test"",""x"")",-2\r\n',
    );
  });
});
