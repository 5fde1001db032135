/**
 * R-PRINT-1: a PDF the API makes (a ticket, a receipt, an invoice) is fetched with the session's
 * token, as a window cannot send it, and opened in the print window as a blob URL that names the
 * .pdf it holds, so no token travels in a URL.
 */
import { getAccessToken } from '../session/access-token';
import { ApiError, getServerBaseUrl } from './api-client';
import { openPrintWindow } from './link-handling';

export async function openPdf(path: string, fileName: string): Promise<Window | null> {
  const token = getAccessToken();
  const response = await fetch(`${getServerBaseUrl()}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    throw new ApiError(response.status, `The PDF could not be opened (${response.status}).`, null);
  }
  const url = URL.createObjectURL(await response.blob());
  // The print window has loaded it within the minute; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return openPrintWindow(`${url}#${fileName}`);
}
