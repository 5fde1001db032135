/**
 * Every report's PDF on the demo data, and its first page as a PNG in docs/screenshots
 * (report-<key>.png), to look at (R-RPT-7, R-RPT-8). Run from apps/server:
 *
 *   npx tsx scripts/report-samples.ts [out-dir]
 *
 * The demo is seeded in memory for a fixed day, so the pictures change only when the reports or
 * the demo do. PDFs, CSVs and workbooks stay in out-dir (a temporary folder by default).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  reportKeys,
  reportRunRequestSchema,
  type ReportKey,
} from '@dispatch/domain/reports/report-catalogue';
import { reportRunTitle } from '@dispatch/domain/reports/report-period';
import { openPglite } from '../src/db/client';
import { seedDemo } from '../seed/demo';
import { reportBuilders } from '../src/modules/reports/report-builders';
import { reportCsv } from '../src/modules/reports/report-csv';
import { reportHeader } from '../src/modules/reports/report-header';
import { reportPdf } from '../src/modules/reports/report-pdf';
import { reportScope } from '../src/modules/reports/report-scope';
import { reportXlsx } from '../src/modules/reports/report-xlsx';

const today = '2026-11-25';

/** A recent period for each report: the month so far, the demo's history, or the days ahead. */
const periods: Record<ReportKey, { from: string; to: string }> = {
  shippedOrders: { from: '2026-10-26', to: today },
  salesQuantity: { from: '2026-10-01', to: today },
  marketSegments: { from: '2026-11-01', to: today },
  materialDemand: { from: today, to: '2026-12-02' },
  truckDemand: { from: today, to: today },
  ticketRegister: { from: '2026-11-23', to: '2026-11-24' },
  orderedVsDelivered: { from: '2026-11-16', to: '2026-11-30' },
  driverHours: { from: '2026-11-16', to: today },
  plantProduction: { from: '2026-11-01', to: today },
  deliveryPerformance: { from: '2026-11-16', to: today },
};

async function main(): Promise<void> {
  const out = process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'report-samples-'));
  const here = path.dirname(fileURLToPath(import.meta.url));
  const screenshots = path.resolve(here, '../../../docs/screenshots');
  mkdirSync(out, { recursive: true });
  const connection = await openPglite('memory://');
  await seedDemo(connection.db, { today, timeZoneOffsetMinutes: -new Date().getTimezoneOffset() });
  for (const reportKey of reportKeys) {
    const request = reportRunRequestSchema.parse({ reportKey, params: periods[reportKey] });
    const scope = reportScope(reportKey, request.params, [1, 2, 3]);
    const body = await reportBuilders[reportKey]({
      db: connection.db,
      scope,
      progress: () => Promise.resolve(),
    });
    const header = await reportHeader(connection.db, {
      scope,
      title: reportRunTitle(request),
      database: 'DEMO',
      by: 'dispatcher',
      at: new Date(`${today}T12:00:00`),
    });
    const document = { ...header, ...body };
    const pdf = path.join(out, `report-${reportKey}.pdf`);
    writeFileSync(pdf, await reportPdf(document));
    writeFileSync(path.join(out, `report-${reportKey}.csv`), reportCsv(document));
    writeFileSync(path.join(out, `report-${reportKey}.xlsx`), reportXlsx(document));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '90',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(screenshots, `report-${reportKey}`),
    ]);
    console.log(`${reportKey}: ${body.summary} -> ${pdf}`);
  }
  await connection.close();
}

await main();
