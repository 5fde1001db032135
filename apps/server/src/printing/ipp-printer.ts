import ipp from 'ipp';
import type { Printer } from './print-job';

/** ipp:// is HTTP on port 631, ipps:// HTTPS on 631 (RFC 8010); http(s):// URIs are used as given. */
function httpUrlOf(uri: string): string {
  const url = new URL(uri);
  const secure = url.protocol === 'ipps:' || url.protocol === 'https:';
  const port = url.port || (url.protocol.startsWith('ipp') ? '631' : secure ? '443' : '80');
  return `${secure ? 'https' : 'http'}://${url.hostname}:${port}${url.pathname}${url.search}`;
}

/** The printer's URI as IPP names it (printer-uri), whatever scheme the destination was given. */
function printerUriOf(uri: string): string {
  const url = new URL(uri);
  const secure = url.protocol === 'ipps:' || url.protocol === 'https:';
  return `${secure ? 'ipps' : 'ipp'}://${url.host}${url.pathname}`;
}

/** R-PRINT-5: sends the PDF to an IPP printer with Print-Job (RFC 8011), document-format PDF. */
export function createIppPrinter(uri: string, options: { timeoutMs: number }): Printer {
  const printer = ipp.Printer(httpUrlOf(uri), { uri: printerUriOf(uri) });
  return {
    print(job) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`the printer did not answer within ${options.timeoutMs / 1000} s`)),
          options.timeoutMs,
        );
        printer.execute(
          'Print-Job',
          {
            'operation-attributes-tag': {
              'requesting-user-name': job.requestedBy,
              'job-name': job.title,
              'document-format': 'application/pdf',
            },
            data: job.pdf,
          },
          (error, response) => {
            clearTimeout(timer);
            if (error)
              return reject(new Error(error.message || 'the printer could not be reached'));
            const status = response.statusCode ?? '';
            if (!status.startsWith('successful')) {
              return reject(new Error(`the printer refused the job (${status || 'no status'})`));
            }
            const jobId = response['job-attributes-tag']?.['job-id'];
            resolve(typeof jobId === 'number' ? `${uri} (job ${jobId})` : uri);
          },
        );
      });
    },
  };
}
