import { describe, expect, it } from 'vitest';
import { inquiryFile } from './inquiry-export';

describe('an inquiry export', () => {
  it('writes text a spreadsheet would run as a formula as plain text, and numbers as numbers', async () => {
    const file = await inquiryFile(
      [
        { po: "+cmd|' /C calc'!A0", amount: -12.5 },
        { po: '@SUM(A1:A9)', amount: 3 },
      ],
      {
        columns: [
          { header: 'PO', value: (row) => row.po },
          { header: 'Amount', value: (row) => row.amount, price: true },
        ],
        hidePrices: false,
        format: 'csv',
        baseName: 'tickets',
        sheetName: 'Tickets',
      },
    );
    expect(file.body).toBe("\uFEFFPO,Amount\r\n'+cmd|' /C calc'!A0,-12.5\r\n'@SUM(A1:A9),3\r\n");
  });
});
