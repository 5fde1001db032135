/**
 * R-QSALE-8: the receipt of a quick sale as a PDF: the plant, the customer, the order and ticket
 * numbers, each line, subtotal, tax and total, and how it was paid (a card by its brand, last
 * four digits and approval code only). Made with the house PDF renderer.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { cardBrandNames } from '@dispatch/domain/payments/card-number';
import { renderPdf } from '../../pdf/render-pdf';
import { money, quantity } from '../../pdf/pdf-text';
import type { QuickSaleView } from '@dispatch/domain/orders/quick-sale-view';

function paymentLines(sale: QuickSaleView): TableCell[][] {
  return sale.payments.flatMap((payment): TableCell[][] => {
    switch (payment.method) {
      case 'cash': {
        const rows: TableCell[][] = [['Cash', { text: money(payment.amount), alignment: 'right' }]];
        if (payment.amountTendered !== null) {
          rows.push([
            { text: 'Tendered', style: 'label' },
            { text: money(payment.amountTendered), alignment: 'right', style: 'label' },
          ]);
          rows.push([
            { text: 'Change', style: 'label' },
            { text: money(payment.changeDue), alignment: 'right', style: 'label' },
          ]);
        }
        return rows;
      }
      case 'check':
        return [
          [
            `Check no. ${payment.checkNumber ?? ''}`,
            { text: money(payment.amount), alignment: 'right' },
          ],
        ];
      case 'card':
        return [
          [
            `${cardBrandNames[payment.cardBrand ?? 'unknown']} •••• ${payment.cardLast4 ?? ''}`,
            { text: money(payment.amount), alignment: 'right' },
          ],
          [
            { text: `Approval code ${payment.approvalCode ?? ''}`, style: 'label' },
            {
              text: payment.cardExpiry ? `Exp. ${payment.cardExpiry}` : '',
              alignment: 'right',
              style: 'label',
            },
          ],
        ];
    }
  });
}

export function receiptContent(sale: QuickSaleView): Content {
  const soldAt = new Date(sale.soldAt);
  const header: TableCell[] = ['Product', 'Description', 'Quantity', 'Unit', 'Price', 'Amount'].map(
    (text, index) => ({
      text,
      style: 'tableHeader',
      alignment: index >= 2 && index !== 3 ? 'right' : 'left',
    }),
  );
  return [
    {
      columns: [
        [
          { text: sale.plantName, style: 'title' },
          ...sale.plantAddress.map((line) => ({ text: line, style: 'label' })),
        ],
        [
          { text: 'RECEIPT', style: 'title', alignment: 'right' },
          { text: `Ticket ${sale.ticketNumber}`, alignment: 'right', bold: true, fontSize: 12 },
          { text: `Order ${sale.orderNumber}`, alignment: 'right' },
          {
            text: soldAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
            alignment: 'right',
            style: 'label',
          },
        ],
      ],
      margin: [0, 0, 0, 16],
    },
    {
      columns: [
        [
          { text: 'Sold to', style: 'label' },
          { text: sale.customerName, bold: true },
        ],
        [
          { text: 'PO number', style: 'label' },
          { text: sale.customerPoNumber === '' ? '—' : sale.customerPoNumber },
        ],
        [{ text: 'Served by', style: 'label' }, { text: sale.soldBy }],
      ],
      margin: [0, 0, 0, 14],
    },
    {
      table: {
        headerRows: 1,
        widths: [60, '*', 55, 55, 60, 70],
        body: [
          header,
          ...sale.lines.map((line): TableCell[] => [
            line.productNumber,
            line.taxableFlag ? line.productDescription : `${line.productDescription} (no tax)`,
            { text: quantity(line.quantity), alignment: 'right' },
            line.unitOfMeasure ?? '',
            { text: money(line.price), alignment: 'right' },
            { text: money(line.extendedPrice), alignment: 'right' },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 10],
    },
    {
      columns: [
        { width: '*', text: '' },
        {
          width: 220,
          table: {
            widths: ['*', 80],
            body: [
              ['Subtotal', { text: money(sale.subtotal), alignment: 'right' }],
              ['Tax', { text: money(sale.taxAmount), alignment: 'right' }],
              [
                { text: 'Total', style: 'total' },
                { text: money(sale.totalAmount), alignment: 'right', style: 'total' },
              ],
              [{ text: 'Paid', style: 'label', margin: [0, 8, 0, 0] }, ''],
              ...paymentLines(sale),
            ],
          },
          layout: 'noBorders',
        },
      ],
    },
    {
      text: 'Thank you for your business.',
      alignment: 'center',
      margin: [0, 28, 0, 0],
      color: '#555555',
    },
  ];
}

export function renderReceipt(sale: QuickSaleView): Promise<Buffer> {
  return renderPdf({
    title: `Receipt, ticket ${sale.ticketNumber}`,
    content: receiptContent(sale),
  });
}
