/**
 * The 'report' background job (R-RPT-1, R-RPT-6, R-JOB-1): reads the report as its requester may
 * see it (R-RPT-2, R-RPT-3: the access is looked up again when the job runs), makes the files
 * asked for from one document (PDF, CSV, Excel), tells the requester how far it got, and on
 * completion sends them reportComplete_v1 with the PDF's URL (the first file's without a PDF).
 */
import {
  reportJobParamsSchema,
  type ReportFormat,
  type ReportJobParams,
} from '@dispatch/domain/reports/report-catalogue';
import { reportFileName } from '@dispatch/domain/reports/report-period';
import type { JobFileOutput, JobHandler } from '../../jobs/job-handler';
import { readerByUserId } from './report-access.service';
import { reportBuilders } from './report-builders';
import { reportCsv } from './report-csv';
import { withoutPrices, type ReportDocument } from './report-document';
import { reportHeader } from './report-header';
import { documentIn, reportMessage } from './report-language';
import { reportPdf } from './report-pdf';
import { reportScope } from './report-scope';
import { reportXlsx } from './report-xlsx';

const contentTypes: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const writers: Record<ReportFormat, (document: ReportDocument) => Promise<Buffer> | Buffer> = {
  pdf: reportPdf,
  csv: reportCsv,
  xlsx: reportXlsx,
};

const steps: Record<ReportFormat, { at: number; message: string }> = {
  pdf: { at: 45, message: 'Writing the PDF' },
  csv: { at: 75, message: 'Writing the CSV file' },
  xlsx: { at: 80, message: 'Writing the Excel workbook' },
};

const noLongerAllowed = 'The person who asked for this report may no longer run reports.';

export const reportJobHandler: JobHandler<ReportJobParams> = {
  kind: 'report',
  params: reportJobParamsSchema,
  retryLimit: 2,
  // A year of a large producer's tickets as three files takes a while on a busy server.
  expireInSeconds: 30 * 60,
  async run(context, params) {
    const timings: Record<string, number> = {};
    let started = performance.now();
    const lap = (step: string) => {
      timings[step] = Math.round(performance.now() - started);
      started = performance.now();
    };
    // The language the run asked for (the screen's, or its schedule's), else its requester's
    // (issue 25): its progress, files and summary are written in it.
    const language = params.language ?? context.job.language;
    const reader = await readerByUserId(context.db, context.job.requestedByUserId);
    if (!reader?.allowed) {
      throw new Error(reportMessage(noLongerAllowed, language));
    }
    const scope = reportScope(params.reportKey, params.params, reader.allowedSystemTypeIds);
    const header = await reportHeader(context.db, {
      scope,
      language,
      title: context.job.title,
      database: context.database,
      by: context.job.requestedBy,
      at: context.now(),
    });
    const body = await reportBuilders[params.reportKey]({
      db: context.db,
      scope,
      progress: (percent, message) => context.progress(percent, reportMessage(message, language)),
    });
    lap('read');
    const whole: ReportDocument = documentIn({ ...header, ...body }, language);
    const document = reader.hidePrices ? withoutPrices(whole) : whole;

    const files: JobFileOutput[] = [];
    // The PDF first: it is the file the requester's screen opens.
    const formats = (['pdf', 'csv', 'xlsx'] as const).filter((format) =>
      params.formats.includes(format),
    );
    for (const format of formats) {
      await context.progress(steps[format].at, reportMessage(steps[format].message, language));
      files.push({
        name: reportFileName(context.job.title, format),
        contentType: contentTypes[format],
        content: await writers[format](document),
      });
      lap(format);
    }
    return {
      message: whole.summary,
      files,
      result: {
        reportKey: params.reportKey,
        rows: body.rowCount,
        pricesHidden: reader.hidePrices,
        formats,
        // How long each step took (ms): what a slow report spent its time on.
        timings,
      },
      events: (job) => [
        {
          name: 'reportComplete_v1',
          data: {
            reportId: job.id,
            name: job.title,
            url:
              (job.files.find((file) => file.contentType === 'application/pdf') ?? job.files[0])
                ?.url ?? '',
          },
        },
      ],
    };
  },
};
