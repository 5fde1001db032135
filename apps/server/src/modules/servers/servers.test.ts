import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type ErrorAnswer = { statusCode: number; errorTypeId: number; data: unknown; message: string };

describe.each(databaseKinds)('named databases, bad names on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/api/servers/%00/x', '/api/servers/%00', '/api/servers/a%00b', '/api/servers/%00/'])(
    'R-INPUT-1..2: GET %s answers 400 or 404, never 5xx',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    },
  );

  it.each(['%00', 'a%00b', '%1F', 'DEMO%0A', '%7F'])(
    'R-INPUT-2: refuses a database name with a control character (%s), naming the field',
    async (name) => {
      const response = await get(`/api/servers/${name}`);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<ErrorAnswer>();
      expect(body).toMatchObject({ statusCode: 400, errorTypeId: 1 });
      expect(body.data).toEqual([expect.objectContaining({ field: 'databaseName' })]);
    },
  );

  it('still finds a database by a plain name (R-API-10)', async () => {
    const response = await get(`/api/servers/${t.database}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ databaseName: t.database });
  });
});
