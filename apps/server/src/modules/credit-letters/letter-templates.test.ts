/**
 * Letter templates on the resource engine (R-CREDIT-6..R-CREDIT-8), on a real database: saved
 * with their merge fields checked (400 naming an unknown one), versioned (409 naming who saved),
 * deactivated, audited, announced, and picked from by Form Letters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditTrail } from '../../db/schema/audit';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type ErrorAnswer, type Json } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { creditUsers, reminderTemplate } from '../../../test/credit-fixtures';

type Template = Json & { id: number; version: number; name: string; modifiedBy: string };

describe.each(databaseKinds)('letter templates on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addUsers(t, tokens, creditUsers);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });

  afterAll(async () => {
    await events.stop();
    await t.close();
  });

  it('saves a template, and a Spanish one, announcing and auditing each change', async () => {
    const created = await call('POST', '/api/v1/letter-templates', 'clerk', reminderTemplate);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<Template>();
    expect(template).toMatchObject({
      name: 'Friendly reminder',
      languageId: 1,
      inactiveFlag: false,
      version: 1,
      modifiedBy: 'clerk',
    });
    await events.next('resourceChanged_v1', (event) => {
      const data = event.data as Json;
      return data.resource === 'letterTemplates' && data.id === template.id;
    });
    const spanish = await call('POST', '/api/v1/letter-templates', 'clerk', {
      name: 'Recordatorio',
      languageId: 2,
      subject: 'Cuenta {{customerNumber}}',
      body: 'Estimado/a {{contactName}}: su saldo es {{balance}}.',
    });
    expect(spanish.statusCode, spanish.body).toBe(201);

    const changed = await call('PUT', `/api/v1/letter-templates/${template.id}`, 'clerk', {
      subject: 'Reminder: account {{customerNumber}}',
      version: template.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const audit = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.resource, 'letterTemplates'),
          eq(auditTrail.recordId, String(template.id)),
        ),
      );
    expect(audit.map((entry) => [entry.action, entry.username])).toEqual([
      ['created', 'clerk'],
      ['updated', 'clerk'],
    ]);
    expect(audit[1]!.before).toMatchObject({ subject: reminderTemplate.subject });
    expect(audit[1]!.after).toMatchObject({ subject: 'Reminder: account {{customerNumber}}' });
  });

  it('refuses an unknown merge field with a 400 naming the field and the merge field', async () => {
    const response = await call('POST', '/api/v1/letter-templates', 'clerk', {
      name: 'Broken',
      subject: 'Hello',
      body: 'You owe {{amountOwing}} since {{today}}.',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().data).toEqual([
      {
        field: 'body',
        reason:
          'has an unknown merge field {{amountOwing}}: choose one from the list of merge fields',
      },
    ]);
  });

  it('refuses a stale save with a 409 naming who saved it, and a name already used', async () => {
    const made = (
      await call('POST', '/api/v1/letter-templates', 'clerk', {
        name: 'Past-due notice',
        subject: 'Past due',
        body: 'Dear {{contactName}}',
      })
    ).json<Template>();
    const first = await call('PUT', `/api/v1/letter-templates/${made.id}`, 'clerk', {
      body: 'Dear {{contactName}}, please pay.',
      version: made.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/api/v1/letter-templates/${made.id}`, 'noPrices', {
      body: 'Dear customer',
      version: made.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>()).toMatchObject({ code: 'stale_version' });
    expect(stale.json<ErrorAnswer>().message).toMatch(/clerk/);

    const twice = await call('POST', '/api/v1/letter-templates', 'clerk', {
      name: 'Past-due notice',
      subject: 'Again',
      body: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorAnswer>().data).toEqual([
      { field: 'name', reason: 'is already used by another record' },
    ]);
  });

  it('deactivates rather than deletes, and the pick list offers active templates to Form Letters', async () => {
    const made = (
      await call('POST', '/api/v1/letter-templates', 'clerk', {
        name: 'Old notice',
        subject: 'Old',
        body: 'Old',
      })
    ).json<Template>();
    const removed = await call(
      'DELETE',
      `/api/v1/letter-templates/${made.id}?version=${made.version}`,
      'clerk',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ inactiveFlag: true });
    const options = await call('GET', '/api/v1/letter-templates/options', 'viewer');
    expect(options.statusCode).toBe(200);
    const names = options.json<{ data: { name: string }[] }>().data.map((option) => option.name);
    expect(names).toContain('Friendly reminder');
    expect(names).not.toContain('Old notice');
  });

  it('lists by name and language, for the forms that read it', async () => {
    const list = await call('GET', '/api/v1/letter-templates?languageId=2', 'reader');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Template[] }>().data.map((row) => row.name)).toEqual(['Recordatorio']);
    expect((await call('GET', '/api/v1/letter-templates', 'outsider')).statusCode).toBe(403);
    const readOnly = await call('POST', '/api/v1/letter-templates', 'reader', {
      name: 'Nope',
      subject: 'x',
      body: 'x',
    });
    expect(readOnly.statusCode).toBe(403);
  });
});
