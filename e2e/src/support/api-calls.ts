/**
 * The API as the suites call it to set the scene: as a demo user, each answer checked, and the
 * system parameters a flow needs turned on as an administrator turns them on.
 */
import { expect } from 'vitest';
import { apiToken } from './maintenance';

/** A call as `username` that must succeed; a JSON body is sent as JSON. */
export async function apiAs(url: string, username: string) {
  const token = await apiToken(url, username);
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as T;
    expect(response.ok, `${method} ${route}: ${JSON.stringify(answer)}`).toBe(true);
    return answer;
  };
}

/** Sets a system parameter as the administrator, at the version it has now. */
export async function setSystemParameter(url: string, key: string, value: unknown): Promise<void> {
  const call = await apiAs(url, 'admin');
  const parameters = await call<{ data: { key: string; version: number }[] }>(
    'GET',
    '/api/v1/admin/system-parameters',
  );
  const version = parameters.data.find((row) => row.key === key)!.version;
  await call('PUT', `/api/v1/admin/system-parameters/${key}`, { value, version });
}
