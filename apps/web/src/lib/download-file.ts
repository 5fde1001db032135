/**
 * Downloads a file the API makes (a list's export, an audit's CSV): fetched with the bearer
 * token, as a plain link could not send it, then saved through a link to the fetched blob.
 */
import { getAccessToken } from '../session/access-token';
import { getServerBaseUrl } from './api-client';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`${getServerBaseUrl()}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
