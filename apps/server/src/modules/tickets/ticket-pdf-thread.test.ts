/**
 * R-PRINT-10: a print's ticket PDF is laid out on a worker thread: the same delivery ticket as the
 * one rendered here, while this thread keeps answering timers (it would stall for the whole
 * layout if the PDF were rendered on it).
 */
import { describe, expect, it } from 'vitest';
import { renderTicketPdf } from './ticket-pdf';
import type { TicketPrint } from './ticket-print.service';
import { renderTicketPdfOffThread } from './ticket-pdf-thread';

const letterhead = { name: 'Prairie Ready Mix', lines: ['100 Quarry Road', 'Springfield IL'] };

const ticket: TicketPrint = {
  number: 88_310,
  systemTypeId: 1,
  voidStatus: null,
  voidReason: null,
  ticketDateTime: new Date('2026-03-10T13:05:00Z'),
  batchDateTime: new Date('2026-03-10T13:06:00Z'),
  loadNumber: 3,
  plant: { name: 'North', lines: ['100 Quarry Road', 'Springfield, IL 62701'], phone: null },
  orderNumber: 275,
  customerPoNumber: 'PO-4471',
  customer: { number: 'C100', name: 'Acme Builders', language: 'en' },
  job: {
    number: 'J-275',
    site: 'Lakeview Medical Center',
    lines: ['1200 Lakeview Drive', 'Springfield, IL 62704'],
    directions: 'Gate 3 off Oak Street',
  },
  truckNumber: '12',
  driverName: 'Dana Ortiz',
  grossWeight: null,
  tareWeight: null,
  netWeight: null,
  waterAdded: null,
  maxAllowableWaterGallons: 15,
  codAmount: null,
  ticketNotes: 'Call 30 minutes ahead.',
  lines: Array.from({ length: 12 }, (_, index) => ({
    productNumber: index === 0 ? '4000P' : `ADD${index}`,
    description: index === 0 ? '4000 PSI pump mix' : `Admixture ${index}`,
    quantity: index === 0 ? 10 : 2,
    unit: index === 0 ? 'yd³' : 'ea',
    price: 150,
    slump: index === 0 ? 5 : null,
    orderedQuantity: 28,
    cumulativeQuantity: 30,
    unitsPerCube: null,
    taxable: true,
  })),
  mix: null,
  batchWeights: [],
  totals: null,
};

/** The longest this thread went without running a timer while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  try {
    await work();
    longest = Math.max(longest, performance.now() - last);
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('ticket PDF on a worker thread', () => {
  it('renders the same delivery ticket as this thread would', async () => {
    const pdf = await renderTicketPdfOffThread(ticket, letterhead, { hidePrices: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.toString('latin1')).toContain('Delivery ticket 88310');
    const here = await renderTicketPdf(ticket, letterhead, { hidePrices: true });
    // Only the creation time differs between two renders of one ticket.
    expect(Math.abs(pdf.length - here.length)).toBeLessThan(64);
  }, 60_000);

  it('leaves this thread free while a PDF is laid out', async () => {
    // Both warmed first: fonts loaded here, the worker started.
    await renderTicketPdf(ticket, letterhead, { hidePrices: false });
    await renderTicketPdfOffThread(ticket, letterhead, { hidePrices: false });
    const onThisThread = await longestStall(() =>
      renderTicketPdf(ticket, letterhead, { hidePrices: false }),
    );
    const onTheWorker = await longestStall(() =>
      renderTicketPdfOffThread(ticket, letterhead, { hidePrices: false }),
    );
    expect(onTheWorker).toBeLessThan(onThisThread);
  }, 60_000);
});
