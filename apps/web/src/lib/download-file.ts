/**
 * Files the user saves: one the API makes (a list's export, an audit's CSV), fetched with the
 * bearer token as a plain link could not send it, or a CSV of what a screen shows (the AI
 * query's answer, pending orders), written by the one CSV writer of packages/domain. Either is
 * saved through a link to a blob.
 */
import { csvFile } from '@dispatch/domain/files/csv';
import { getAccessToken } from '../session/access-token';
import { getServerBaseUrl } from './api-client';

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`${getServerBaseUrl()}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  saveBlob(await response.blob(), fileName);
}

/** Rows as a CSV file, the first row its headers. */
export function saveCsv(fileName: string, rows: readonly (readonly unknown[])[]): void {
  saveBlob(new Blob([csvFile(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
